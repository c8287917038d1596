import { detectAll } from 'jschardet';
import { encodingOfLabel } from './charset-declaration.ts';

/**
 * Detections below this confidence are not trusted. jschardet's scores are low by design: 200
 * bytes of Czech in ISO-8859-2 score 0.25, 22 of Russian in windows-1251 0.17, while random high
 * bytes and short Western text (where the detector guesses among look-alike code pages) stay
 * under 0.07.
 */
const MIN_CONFIDENCE = 0.1;

/**
 * jschardet's names that are not WHATWG labels, lower-cased, with the WHATWG encoding that
 * reads them (a superset where the web has no exact one). Other names go to TextDecoder as they
 * are, and a name it does not know (an EBCDIC or DOS code page) moves on to the next candidate.
 */
const WHATWG_NAMES: Readonly<Record<string, string>> = {
  cp932: 'shift_jis',
  shift_jis_2004: 'shift_jis',
  cp949: 'euc-kr',
  'euc-jis-2004': 'euc-jp',
  big5hkscs: 'big5',
  maccyrillic: 'x-mac-cyrillic',
  'mac-cyrillic': 'x-mac-cyrillic',
  macroman: 'macintosh',
  'mac-roman': 'macintosh',
  'tis-620': 'windows-874',
  cp874: 'windows-874',
  'iso2022-jp-2': 'iso-2022-jp',
  'iso2022-jp-2004': 'iso-2022-jp',
  'iso2022-jp-ext': 'iso-2022-jp',
};

/**
 * The legacy encoding that jschardet finds most likely for bytes that are not UTF-8, as a WHATWG
 * encoding name; undefined when it finds none it trusts that a decoder here can read (binary
 * data, or too little text to tell).
 */
export function detectEncoding(bytes: Uint8Array): string | undefined {
  for (const candidate of detectAll(bytes, { minimumThreshold: 0 })) {
    if (candidate.encoding === null || candidate.confidence < MIN_CONFIDENCE) return undefined;
    const name = candidate.encoding.toLowerCase().replace(/^iso8859-/, 'iso-8859-');
    const encoding = encodingOfLabel(WHATWG_NAMES[name] ?? name);
    if (encoding && encoding !== 'utf-16le' && encoding !== 'utf-16be') return encoding;
  }
  return undefined;
}
