import { BinaryFileError } from '../errors.ts';

/** How much of the file start is inspected to tell text from binary data. */
const SAMPLE_BYTES = 8192;
/** Binary above this share of control characters in the sample... */
const CONTROL_SHARE = 0.1;
/** ...or this share of control characters and bytes that are not UTF-8 together. */
const SUSPICIOUS_SHARE = 0.3;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Decodes a text file: UTF-8 (with or without BOM), UTF-16 LE/BE with BOM, and legacy single-byte
 * text (Windows-1252) when the bytes are not UTF-8. Line endings become "\n".
 * Throws BinaryFileError when the bytes look like binary data rather than text.
 */
export function decodeText(path: string, bytes: Uint8Array): string {
  const utf16 = utf16Encoding(bytes);
  if (utf16) return normalizeLineEndings(new TextDecoder(utf16).decode(bytes.subarray(2)));
  const body = hasUtf8Bom(bytes) ? bytes.subarray(3) : bytes;
  if (looksBinary(body)) throw new BinaryFileError(path);
  return normalizeLineEndings(decodeUtf8OrLegacy(body));
}

/** True when the start of the bytes holds a NUL byte or too many control or non-UTF-8 bytes. */
export function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  if (sample.includes(0)) return true;
  const counts = countCharacters(sample, sample.length < bytes.length);
  if (counts.total === 0) return false;
  return (
    counts.control / counts.total > CONTROL_SHARE ||
    (counts.control + counts.invalid) / counts.total > SUSPICIOUS_SHARE
  );
}

interface CharacterCounts {
  total: number;
  control: number;
  /** Bytes that are not part of a valid UTF-8 sequence. */
  invalid: number;
  /** Characters beyond ASCII that decoded as valid UTF-8. */
  multibyte: number;
}

function countCharacters(bytes: Uint8Array, truncated: boolean): CharacterCounts {
  const text = lenientUtf8.decode(bytes);
  const counts: CharacterCounts = { total: text.length, control: 0, invalid: 0, multibyte: 0 };
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0xfffd) counts.invalid += 1;
    else if (code >= 0x80) counts.multibyte += 1;
    else if (
      (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) ||
      code === 0x7f
    ) {
      counts.control += 1;
    }
  }
  // A multi-byte character cut at the sample's end decodes as one replacement character.
  if (truncated && text.endsWith('\uFFFD')) counts.invalid -= 1;
  return counts;
}

function utf16Encoding(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/**
 * Valid UTF-8 as such; mostly-UTF-8 text with a few damaged bytes as UTF-8 with replacement
 * characters; anything else as Windows-1252, the usual legacy encoding of Western text.
 */
function decodeUtf8OrLegacy(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    const counts = countCharacters(bytes, false);
    if (counts.multibyte >= counts.invalid) return lenientUtf8.decode(bytes);
    return decodeWindows1252(bytes);
  }
}

/** Windows-1252 characters of the bytes 0x80-0x9F; the five undefined ones stay as C1 controls. */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** Decoded by hand: some runtimes (Node 20) decode the label "windows-1252" as ISO-8859-1. */
function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 4096) {
    const codes = Array.from(bytes.subarray(start, start + 4096), (byte) =>
      byte >= 0x80 && byte < 0xa0 ? WINDOWS_1252_HIGH.charCodeAt(byte - 0x80) : byte,
    );
    text += String.fromCharCode(...codes);
  }
  return text;
}

function normalizeLineEndings(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
