import { describe, expect, it } from 'vitest';
import { decodeText, looksBinary } from '../../../src/core/ingest/text-decoding.ts';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('decodeText', () => {
  it('decodes UTF-8 and drops a byte order mark', () => {
    expect(decodeText('a.txt', utf8('\ufeffCafé ☕'))).toBe('Café ☕');
    expect(decodeText('a.txt', utf8('Café ☕'))).toBe('Café ☕');
  });

  it('decodes UTF-16 little and big endian with a byte order mark', () => {
    const little = new Uint8Array([0xff, 0xfe, 0x48, 0x00, 0xe9, 0x00, 0x0a, 0x00]);
    const big = new Uint8Array([0xfe, 0xff, 0x00, 0x48, 0x00, 0xe9]);
    expect(decodeText('a.txt', little)).toBe('Hé\n');
    expect(decodeText('a.txt', big)).toBe('Hé');
  });

  it('normalises Windows and old Mac line endings', () => {
    expect(decodeText('a.txt', utf8('one\r\ntwo\rthree\n'))).toBe('one\ntwo\nthree\n');
  });

  it('reads legacy Windows-1252 text that is not valid UTF-8', () => {
    expect(decodeText('a.txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x35]))).toBe(
      'café €5',
    );
  });

  it('rejects binary data as BinaryFileError', () => {
    expect(() => decodeText('a.txt', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]))).toThrow(
      expect.objectContaining({ name: 'BinaryFileError' }),
    );
  });
});

describe('looksBinary', () => {
  it('flags NUL bytes and a high share of control characters', () => {
    expect(looksBinary(utf8('text\u0000more'))).toBe(true);
    expect(looksBinary(utf8('\u0001\u0002\u0003\u0004 abc'))).toBe(true);
    const random = Uint8Array.from({ length: 2000 }, (_, index) => ((index * 7919 + 13) % 255) + 1);
    expect(looksBinary(random)).toBe(true);
  });

  it('accepts ordinary text, tabs, form feeds and accents', () => {
    expect(looksBinary(utf8('a\tb\fc\r\nÆøå ümlaut — “quotes”'))).toBe(false);
    expect(looksBinary(new Uint8Array())).toBe(false);
  });

  it('ignores a multi-byte character cut at the end of the 8 KB sample', () => {
    const text = utf8('é'.repeat(4096) + 'x'.repeat(10));
    const shifted = new Uint8Array([0x61, ...text]);
    expect(looksBinary(shifted)).toBe(false);
  });

  it('looks only at the start of the file', () => {
    const bytes = new Uint8Array(20_000).fill(0x61);
    bytes[15_000] = 0;
    expect(looksBinary(bytes)).toBe(false);
  });
});

describe('decodeText with damaged UTF-8', () => {
  it('keeps UTF-8 text with a few bad bytes as UTF-8', () => {
    const text = utf8('Ærlig talt, dette er én øvelse på norsk. ');
    const damaged = new Uint8Array([...text, 0xff, ...text]);
    expect(decodeText('a.txt', damaged)).toContain(
      'Ærlig talt, dette er én øvelse på norsk. \uFFFDÆrlig',
    );
  });
});
