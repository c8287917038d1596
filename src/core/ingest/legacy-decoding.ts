/**
 * Decoding with a named encoding. Apart from the jschardet-based detection (loaded only when a
 * file needs it, see encoding-detector.ts) so that everything reading bytes with a known encoding
 * stays small.
 */

/** Decodes with a WHATWG encoding; windows-1252 by hand (Node 20 reads it as ISO-8859-1). */
export function decodeAs(encoding: string, bytes: Uint8Array): string {
  if (encoding === 'windows-1252') return decodeWindows1252(bytes);
  return new TextDecoder(encoding).decode(bytes);
}

/** Windows-1252 characters of the bytes 0x80-0x9F; the five undefined ones stay as C1 controls. */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

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
