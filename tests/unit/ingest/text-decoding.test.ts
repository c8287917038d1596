import { beforeAll, describe, expect, it } from 'vitest';
import { loadEncodingDetector } from '../../../src/core/ingest/encoding-detector.ts';
import { decodeText, looksBinary } from '../../../src/core/ingest/text-decoding.ts';
import { encodeLegacy } from '../../support/legacy-encoding.ts';

beforeAll(() => loadEncodingDetector());

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

/** A paragraph in each language, long enough to tell its encoding (about 150-200 bytes). */
const SAMPLES = {
  russian:
    'Москва - столица России, крупнейший по численности населения город страны. Город расположен на реке Москве, здесь находятся Кремль и Красная площадь.',
  arabic:
    'القاهرة هي عاصمة جمهورية مصر العربية وأكبر مدنها، وتقع على ضفاف نهر النيل. تعد المدينة مركزا ثقافيا وتاريخيا مهما في العالم العربي.',
  czech:
    'Praha je hlavní a současně největší město České republiky. Leží na řece Vltavě, žije zde přibližně 1,3 milionu obyvatel a Pražský hrad je největší hradní komplex.',
  greek:
    'Η Αθήνα είναι η πρωτεύουσα της Ελλάδας και μία από τις αρχαιότερες πόλεις του κόσμου. Η Ακρόπολη βρίσκεται στο κέντρο της πόλης.',
  japanese:
    '東京都は日本の首都であり、世界有数の大都市です。人口は約千四百万人で、政治、経済、文化の中心地となっています。浅草寺や東京タワーなど多くの名所があります。',
  chinese:
    '北京是中华人民共和国的首都，也是全国的政治、文化和国际交往中心。北京有三千多年的建城史，故宫、天坛和长城都是著名的历史古迹，每年吸引大量游客。',
  korean:
    '서울특별시는 대한민국의 수도이자 최대 도시이다. 한강을 중심으로 발달한 이 도시는 정치, 경제, 문화의 중심지이며 경복궁과 남산타워 같은 명소가 많다.',
};

describe('decodeText with legacy encodings', () => {
  it.each([
    ['ibm866', SAMPLES.russian],
    ['windows-1251', SAMPLES.russian],
    ['koi8-r', SAMPLES.russian],
    ['windows-1256', SAMPLES.arabic],
    ['iso-8859-6', SAMPLES.arabic],
    ['iso-8859-2', SAMPLES.czech],
    ['iso-8859-7', SAMPLES.greek],
    ['shift_jis', SAMPLES.japanese],
    ['euc-jp', SAMPLES.japanese],
    ['gbk', SAMPLES.chinese],
    ['euc-kr', SAMPLES.korean],
  ])('detects and reads %s text', (encoding, text) => {
    expect(decodeText('a.txt', encodeLegacy(text, encoding))).toBe(text);
  });

  it('reads ISO-2022-JP, which is 7-bit and so also valid UTF-8', () => {
    const escape = (...codes: number[]): number[] => [0x1b, ...codes];
    // "日本語 text": ESC $ B switches to JIS X 0208, ESC ( B back to ASCII.
    const bytes = [
      ...escape(0x24, 0x42),
      ...[0x46, 0x7c, 0x4b, 0x5c, 0x38, 0x6c],
      ...escape(0x28, 0x42),
      ...utf8(' text'),
    ];
    expect(decodeText('a.txt', Uint8Array.from(bytes))).toBe('日本語 text');
  });

  it('keeps a log with ANSI colour escapes as text', () => {
    // Three escapes in 17 characters, past the 10 % of control characters that mean binary.
    const log = utf8('\u001b[1m\u001b[31mE\u001b[0m ok\n'.repeat(20));
    expect(decodeText('a.log', log)).toContain('\u001b[31mE');
  });

  it('still rejects binary data without NUL or control bytes', () => {
    const noise = Uint8Array.from({ length: 4000 }, (_, index) => 0x80 | ((index * 7919) % 128));
    expect(() => decodeText('a.bin', noise)).toThrow(
      expect.objectContaining({ name: 'BinaryFileError' }),
    );
  });

  it('reads short Western text the detector cannot place as Windows-1252', () => {
    // "naïve café, 5 €" in Windows-1252
    const bytes = [
      0x6e, 0x61, 0xef, 0x76, 0x65, 0x20, 0x63, 0x61, 0x66, 0xe9, 0x2c, 0x20, 0x35, 0x20, 0x80,
    ];
    expect(decodeText('a.txt', Uint8Array.from(bytes))).toBe('naïve café, 5 €');
  });
});

describe('decodeText with a declared encoding', () => {
  const page = (head: string, body: string, encoding: string): Uint8Array =>
    encodeLegacy(`<html><head>${head}</head><body><p>${body}</p></body></html>`, encoding);

  it('honours <meta charset> and the http-equiv Content-Type of markup', () => {
    const short = 'Привет, мир';
    expect(
      decodeText('a.html', page('<meta charset="windows-1251">', short, 'windows-1251'), {
        markup: true,
      }),
    ).toContain(short);
    const httpEquiv = '<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">';
    expect(decodeText('a.html', page(httpEquiv, short, 'koi8-r'), { markup: true })).toContain(
      short,
    );
  });

  it('honours the encoding of an XML declaration', () => {
    const xml = encodeLegacy(
      '<?xml version="1.0" encoding="ISO-8859-7"?><a>Αθήνα</a>',
      'iso-8859-7',
    );
    expect(decodeText('a.xml', xml, { markup: true })).toContain('Αθήνα');
  });

  it('ignores a declaration outside markup, and one that valid UTF-8 contradicts', () => {
    const utf8Page = utf8('<meta charset="iso-8859-1"><p>Grüße — “quoted”</p>');
    expect(decodeText('a.html', utf8Page, { markup: true })).toContain('Grüße — “quoted”');
    const mislabelled = encodeLegacy('<meta charset="utf-8"><p>Ελλάδα και Αθήνα</p>', 'iso-8859-7');
    expect(decodeText('a.html', mislabelled, { markup: true })).toContain('Ελλάδα');
  });

  it('lets a byte order mark win over the declaration', () => {
    const text = '<meta charset="windows-1251"><p>Grüße</p>';
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]);
    expect(decodeText('a.html', bytes, { markup: true })).toBe(text);
  });
});
