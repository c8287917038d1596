import { BinaryFileError } from '../errors.ts';
import { declaredEncoding } from './charset-declaration.ts';
import { detectLegacyEncoding } from './encoding-detector.ts';
import { decodeAs } from './legacy-decoding.ts';

/** How much of the file start is inspected to tell text from binary data. */
const SAMPLE_BYTES = 8192;
/** Binary above this share of control characters in the sample. */
const CONTROL_SHARE = 0.1;
/**
 * Bytes that are neither text in a detected encoding nor UTF-8 are binary above this share of
 * control characters and bytes that are not UTF-8 together.
 */
const SUSPICIOUS_SHARE = 0.3;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

export interface DecodeOptions {
  /** Honour the encoding the file declares in markup: an XML declaration or an HTML `<meta>`. */
  markup?: boolean;
}

/**
 * Decodes a text file, choosing the encoding in this order: a byte order mark (UTF-8, UTF-16);
 * UTF-16 without one; for markup, the encoding it declares; UTF-8; UTF-8 with a few damaged
 * bytes; the legacy encoding jschardet detects (Cyrillic, Arabic, CJK, Central European...);
 * Windows-1252. Valid UTF-8 with non-ASCII text stays UTF-8 whatever a page declares (a legacy
 * text that happens to be valid UTF-8 is all but impossible; a wrong declaration is common).
 * Line endings become "\n". Throws BinaryFileError when the bytes are not text.
 */
export function decodeText(path: string, bytes: Uint8Array, options: DecodeOptions = {}): string {
  const decoded = decodeOrExplain(bytes, options);
  if (typeof decoded !== 'string') throw new BinaryFileError(path, decoded.binary);
  return decoded.replace(/\r\n?/g, '\n');
}

/** True when decodeText would refuse the bytes as binary, judged on their first 8 KB. */
export function looksBinary(bytes: Uint8Array): boolean {
  return typeof decodeOrExplain(bytes.subarray(0, SAMPLE_BYTES), {}, bytes.length) !== 'string';
}

function decodeOrExplain(
  bytes: Uint8Array,
  options: DecodeOptions,
  fullLength = bytes.length,
): string | { binary: string } {
  const marked = byteOrderMark(bytes);
  if (marked) return decodeAs(marked.encoding, bytes.subarray(marked.length));
  const unmarked = unmarkedUtf16(bytes);
  if (unmarked) return decodeAs(unmarked, bytes);
  const where = fullLength > SAMPLE_BYTES ? ' in its first 8 KB' : '';
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  const truncated = sample.length < fullLength;
  if (sample.includes(0)) return { binary: `NUL bytes${where}` };
  const counts = countCharacters(sample, truncated);
  const control = counts.total === 0 ? 0 : counts.control / counts.total;
  if (control > CONTROL_SHARE) return { binary: `${percent(control)} control characters${where}` };
  const utf8 = strictUtf8OrUndefined(
    bytes.length < fullLength ? withoutCutCharacter(bytes) : bytes,
  );
  const declared = options.markup ? declaredEncoding(bytes) : undefined;
  // A declared UTF-8 is checked below like undeclared bytes: pages saved in a legacy encoding
  // often keep the UTF-8 <meta> of their template.
  if (declared && declared !== 'utf-8' && !(utf8 !== undefined && /[^\0-\x7f]/.test(utf8))) {
    return decodeAs(declared, bytes);
  }
  if (utf8 !== undefined) return escapedEncodingText(bytes, utf8) ?? utf8;
  if (counts.multibyte >= counts.invalid) return lenientUtf8.decode(bytes);
  const detected = detectLegacyEncoding(bytes);
  if (detected) return decodeAs(detected, bytes);
  const suspicious = (counts.control + counts.invalid) / counts.total;
  if (suspicious > SUSPICIOUS_SHARE) {
    return { binary: `${percent(suspicious)} control characters and invalid UTF-8${where}` };
  }
  return decodeAs('windows-1252', bytes);
}

/**
 * ISO-2022-JP is 7-bit, so valid UTF-8: its escape sequences (ESC $ B ... ESC ( B) switch
 * between ASCII and Japanese. Such text, as jschardet recognises it, decoded; else undefined.
 */
function escapedEncodingText(bytes: Uint8Array, utf8: string): string | undefined {
  if (!utf8.includes('\u001b$') && !utf8.includes('\u001b(')) return undefined;
  const detected = detectLegacyEncoding(bytes);
  return detected === 'iso-2022-jp' ? decodeAs(detected, bytes) : undefined;
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

function strictUtf8OrUndefined(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The bytes without a UTF-8 sequence cut at their end (a sample ends anywhere). */
function withoutCutCharacter(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  for (let back = 1; back <= 3 && end - back >= 0; back += 1) {
    const byte = bytes[end - back]!;
    if (byte < 0x80) break;
    if (byte >= 0xc0) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      if (needed > back) end -= back;
      break;
    }
  }
  return bytes.subarray(0, end);
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
      // Escape starts ANSI colours in logs and ISO-2022 shifts: text, not a sign of binary.
      (code < 0x20 &&
        code !== 0x09 &&
        code !== 0x0a &&
        code !== 0x0c &&
        code !== 0x0d &&
        code !== 0x1b) ||
      code === 0x7f
    ) {
      counts.control += 1;
    }
  }
  // A multi-byte character cut at the sample's end decodes as one replacement character.
  if (truncated && text.endsWith('\uFFFD')) counts.invalid -= 1;
  return counts;
}

function byteOrderMark(bytes: Uint8Array): { encoding: string; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { encoding: 'utf-8', length: 3 };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
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
  return looksBinary(new TextEncoder().encode(text)) ? undefined : encoding;
}
