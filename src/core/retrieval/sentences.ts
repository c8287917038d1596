/** Character range, end exclusive. */
export interface TextRange {
  start: number;
  end: number;
}

/** Words whose trailing period does not end a sentence (lower case, without that period). */
const ABBREVIATIONS = new Set(
  (
    'mr mrs ms dr prof sr jr st mt ft vs cf al fig figs no nos vol vols pp ch sec eq eqs approx ' +
    'dept est inc ltd co corp jan feb mar apr jun jul aug sep sept oct nov dec gen gov sen rep ' +
    'rev col lt sgt capt cmdr adm hon ca op ibid resp nr'
  ).split(' '),
);

/**
 * A sentence end: closing punctuation, optional closing quotes or brackets, then white space; or
 * a CJK full stop, which needs no space after it.
 */
const BOUNDARY = /[.!?…]+["'”’»)\]]*\s+|[。！？]+/g;
const OPENING_PUNCTUATION = /^[("'“‘«[]+/;
const DOTTED_ABBREVIATION = /^(?:\p{L}\.)+\p{L}$/u;

/**
 * Splits text into sentences without breaking after abbreviations ("Dr.", "e.g.", "U.S."),
 * initials ("J. R. Tolkien", upper case) or inside decimals ("3.14"), nor before a lower-case word.
 * Returns ranges relative to `text` with no surrounding white space, covering every word.
 */
export function splitSentences(text: string, offset = 0): TextRange[] {
  const ranges: TextRange[] = [];
  let start = skipSpace(text, 0);
  for (const match of text.matchAll(BOUNDARY)) {
    const next = match.index + match[0].length;
    if (next >= text.length || !endsSentence(text, match.index, match[0], next)) continue;
    const end = match.index + match[0].trimEnd().length;
    if (end > start) ranges.push({ start: start + offset, end: end + offset });
    start = skipSpace(text, next);
  }
  const end = text.trimEnd().length;
  if (end > start) ranges.push({ start: start + offset, end: end + offset });
  return ranges;
}

function endsSentence(text: string, index: number, boundary: string, next: number): boolean {
  if (/^\p{Ll}/u.test(text.slice(next, next + 1))) return false;
  if (!/^\.\s/.test(boundary)) return true;
  const wordStart = Math.max(text.lastIndexOf(' ', index), text.lastIndexOf('\n', index)) + 1;
  const word = text.slice(wordStart, index).replace(OPENING_PUNCTUATION, '');
  if (/^\p{Lu}$/u.test(word) || DOTTED_ABBREVIATION.test(word)) return false;
  return !ABBREVIATIONS.has(word.toLowerCase());
}

function skipSpace(text: string, from: number): number {
  let position = from;
  while (position < text.length && /\s/.test(text[position] ?? '')) position += 1;
  return position;
}

/**
 * Cuts a range into pieces of at most `size` characters, at white space where there is some in
 * reach and mid-word otherwise (never inside a surrogate pair). Pieces carry no outer white space.
 */
export function splitWords(text: string, range: TextRange, size: number): TextRange[] {
  const pieces: TextRange[] = [];
  let start = range.start;
  while (start < range.end) {
    while (start < range.end && /\s/.test(text[start] ?? '')) start += 1;
    if (start >= range.end) break;
    let end = Math.min(start + size, range.end);
    if (end < range.end) {
      const space = lastSpace(text, start, end);
      if (space > start) end = space;
      // Back off a pair's first half; a size of 1 cannot hold a pair, so the piece takes it whole.
      else if (/[\ud800-\udbff][\udc00-\udfff]/.test(text.slice(end - 1, end + 1))) {
        end += end - 1 > start ? -1 : 1;
      }
    }
    let trimmed = end;
    while (trimmed > start && /\s/.test(text[trimmed - 1] ?? '')) trimmed -= 1;
    pieces.push({ start, end: trimmed });
    start = end;
  }
  return pieces;
}

/** The position of the last white space in (start, end], or -1. */
function lastSpace(text: string, start: number, end: number): number {
  for (let position = end; position > start; position -= 1) {
    if (/\s/.test(text[position] ?? '')) return position;
  }
  return -1;
}
