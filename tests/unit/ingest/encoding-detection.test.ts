import { describe, expect, it } from 'vitest';
import { detectEncoding } from '../../../src/core/ingest/encoding-detection.ts';
import { decodeAs } from '../../../src/core/ingest/legacy-decoding.ts';
import { encodeLegacy } from '../../support/legacy-encoding.ts';

const JAPANESE =
  '東京都は日本の首都であり、世界有数の大都市です。人口は約千四百万人で、政治、経済、文化の中心地となっています。';
const RUSSIAN =
  'Москва - столица России, крупнейший по численности населения город страны, здесь находятся Кремль и Красная площадь.';

describe('detectEncoding', () => {
  it('names what jschardet finds in WHATWG terms (CP932 as shift_jis, MacCyrillic as x-mac-cyrillic)', () => {
    expect(detectEncoding(encodeLegacy(JAPANESE, 'shift_jis'))).toBe('shift_jis');
    expect(detectEncoding(encodeLegacy(RUSSIAN, 'ibm866'))).toBe('ibm866');
    expect(detectEncoding(encodeLegacy(RUSSIAN, 'x-mac-cyrillic'))).toBe('x-mac-cyrillic');
  });

  it('finds nothing it trusts in binary data or in a few accented letters', () => {
    const noise = Uint8Array.from({ length: 4000 }, (_, index) => (index * 7919) % 256);
    expect(detectEncoding(noise)).toBeUndefined();
    expect(
      detectEncoding(new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x35])),
    ).toBeUndefined();
  });
});

describe('decodeAs', () => {
  it('decodes Windows-1252 by hand, with its characters of 0x80-0x9F', () => {
    expect(decodeAs('windows-1252', new Uint8Array([0x80, 0x93, 0x41, 0x94, 0xe9]))).toBe('€“A”é');
  });

  it('decodes other encodings with TextDecoder', () => {
    expect(decodeAs('koi8-r', encodeLegacy('Привет', 'koi8-r'))).toBe('Привет');
  });
});
