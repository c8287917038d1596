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
 * Decodes a text file: UTF-8 (with or without BOM), UTF-16 LE/BE with BOM (or without one, when
 * every other byte is zero), and legacy single-byte text (Windows-1252) when the bytes are not
 * UTF-8. Line endings become "\n".
 * Throws BinaryFileError when the bytes look like binary data rather than text.
 */
export function decodeText(path: string, bytes: Uint8Array): string {
  const utf16 = utf16Encoding(bytes);
  if (utf16) return normalizeLineEndings(new TextDecoder(utf16).decode(bytes.subarray(2)));
  const unmarked = unmarkedUtf16(bytes);
  if (unmarked) return normalizeLineEndings(new TextDecoder(unmarked).decode(bytes));
  const body = hasUtf8Bom(bytes) ? bytes.subarray(3) : bytes;
  const binary = binaryReason(body);
  if (binary) throw new BinaryFileError(path, binary);
  return normalizeLineEndings(decodeUtf8OrLegacy(body));
}

/** True when the start of the bytes holds a NUL byte or too many control or non-UTF-8 bytes. */
export function looksBinary(bytes: Uint8Array): boolean {
  return binaryReason(bytes) !== undefined;
}

/** Why the bytes look binary, in a few words for the user; undefined when they look like text. */
export function binaryReason(bytes: Uint8Array): string | undefined {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  const where = bytes.length > SAMPLE_BYTES ? ' in its first 8 KB' : '';
  if (sample.includes(0)) return `NUL bytes${where}`;
  const counts = countCharacters(sample, sample.length < bytes.length);
  if (counts.total === 0) return undefined;
  const control = counts.control / counts.total;
  const suspicious = (counts.control + counts.invalid) / counts.total;
  if (control > CONTROL_SHARE) return `${percent(control)} control characters${where}`;
  if (suspicious > SUSPICIOUS_SHARE) {
    return `${percent(suspicious)} control characters and invalid UTF-8${where}`;
  }
  return undefined;
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
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

/**
 * UTF-16 without a byte order mark, as some Windows tools write it: in mostly-Latin text every
 * other byte is zero. Recognised when nearly all bytes on one side are zero, almost none on the
 * other, and the characters decoded from the sample are text.
 */
function unmarkedUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const sample = bytes.subarray(0, SAMPLE_BYTES & ~1);
  if (sample.length < 4 || bytes.length % 2 !== 0) return undefined;
  const zeros = [0, 0];
  for (let index = 0; index < sample.length; index += 1) {
    if (sample[index] === 0) zeros[index % 2]! += 1;
  }
  const half = sample.length / 2;
  const [even, odd] = [zeros[0]! / half, zeros[1]! / half];
  const encoding =
    odd > 0.7 && even < 0.02 ? 'utf-16le' : even > 0.7 && odd < 0.02 ? 'utf-16be' : undefined;
  if (!encoding) return undefined;
  const text = new TextDecoder(encoding).decode(sample);
  return binaryReason(new TextEncoder().encode(text)) ? undefined : encoding;
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
