/* eslint-disable no-control-regex -- finding control characters is what this module is for */
/**
 * Control characters in PDF text are never text: pdf.js passes a character code through as is
 * when the font does not say which character it draws. What each one most likely was:
 * - NUL: the high byte of a two-byte code read as two one-byte codes ("\0D\0E" is "DE"): dropped.
 * - tab, line feed, vertical tab, form feed, carriage return: white space.
 * - U+001E and U+001F: Word's non-breaking and optional hyphens, written out by its PDF export.
 * - C1 (U+0080-U+009F): Windows-1252 bytes taken for Latin-1 (0x93 is a left double quote).
 * - any other C0 code or DEL: a glyph with no character, most often the space (glyph 3 of a
 *   TrueType font, or the one character a subset's ToUnicode map left out): between two
 *   characters it separates words, at either end of a line it is dropped; except a code that
 *   only ever ends lines after a letter, and ends few of them: the hyphen a layout engine put
 *   where it broke a word (`lineEndHyphens`).
 * A line with more such codes than letters and digits is a font read without any character
 * mapping, glyph numbers rather than text: it is dropped (OCR is the only way to its text).
 */

/** Stands for Word's optional hyphen until lines are joined: removed where the word goes on. */
export const SOFT_HYPHEN = '\u00ad';

/**
 * Windows-1252's characters for 0x80-0x9F, a space where it has none. Written out because Node's
 * TextDecoder, without full ICU, decodes windows-1252 to nothing.
 */
const WINDOWS_1252_C1 = '€ ‚ƒ„…†‡ˆ‰Š‹Œ Ž  ‘’“”•–—˜™š›œ žŸ';
const C1 = /[\u0080-\u009f]/g;
const GLYPH_CODES = /[\u0001-\u0008\u000e-\u001d\u007f]+/g;

/** A glyph code after a letter at the end of a line (white space aside). */
const ENDING_CODE = /\p{L}([\u0001-\u0008\u000e-\u001d\u007f])\s*$/u;
/** A glyph code between two characters. */
const INNER_CODE = /\S([\u0001-\u0008\u000e-\u001d\u007f])(?=\S)/gu;

/**
 * The glyph codes of a page's lines that stand for a hyphen: codes that end a line straight after
 * a letter, never stand between two characters within a line (there they would be spaces), and
 * end at most half of the lines (a code that ends most lines is a trailing space).
 */
export function lineEndHyphens(lines: readonly string[]): Set<string> {
  const endings = new Map<string, number>();
  const within = new Set<string>();
  for (const line of lines) {
    const code = ENDING_CODE.exec(line)?.[1];
    if (code) endings.set(code, (endings.get(code) ?? 0) + 1);
    for (const match of line.matchAll(INNER_CODE)) if (match[1]) within.add(match[1]);
  }
  const hyphens = new Set<string>();
  for (const [code, count] of endings) {
    if (!within.has(code) && count * 2 <= lines.length) hyphens.add(code);
  }
  return hyphens;
}

/** `raw` cleaned of control characters; `hyphens`: the codes that end a line as a hyphen. */
export function cleanPdfText(raw: string, hyphens: ReadonlySet<string> = new Set()): string {
  const ending = ENDING_CODE.exec(raw);
  let text = (ending?.[1] && hyphens.has(ending[1]) ? `${raw.slice(0, ending.index + 1)}-` : raw)
    .replace(/\u0000/g, '')
    .replace(/[\t\n\u000b\u000c\r]/g, ' ')
    .replace(/\u001e/g, '-')
    .replace(/\u001f/g, SOFT_HYPHEN)
    .replace(C1, windows1252);
  const codes = text.match(GLYPH_CODES)?.join('').length ?? 0;
  if (codes > (text.match(/[\p{L}\p{N}]/gu)?.length ?? 0)) return '';
  text = text.replace(GLYPH_CODES, (run: string, offset: number, whole: string) => {
    const before = whole[offset - 1];
    const after = whole[offset + run.length];
    return before && after && before !== ' ' && after !== ' ' ? ' ' : '';
  });
  return text;
}

/** The Windows-1252 character for a C1 code, or nothing for the five codes it leaves unused. */
function windows1252(control: string): string {
  return WINDOWS_1252_C1[control.charCodeAt(0) - 0x80]?.trim() ?? '';
}
