/**
 * Chooses the model's vocabulary: the special tokens, then the most frequent source words that the
 * tokenizer can actually produce as one token, then a few aliases for numbers written in digits.
 */

/** Ids 0-3, every one mapped to an all-zero row so that it adds nothing to a mean-pooled vector. */
export const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'] as const;

/**
 * What the BERT pre-tokenizer keeps as one token after the lower-casing, accent-stripping normaliser:
 * it splits on whitespace and on every punctuation or ASCII symbol character, so a source entry
 * such as `well-known` or `,` can never be looked up and is left out (punctuation is `[UNK]`: zero).
 */
const SINGLE_TOKEN = /^[a-z0-9]+$/;

/** The source has no numerals: small numbers written in digits borrow their word's vector. */
const NUMBER_WORDS = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen',
  'nineteen', 'twenty',
]; // prettier-ignore
const ORDINAL_WORDS = [
  'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth',
]; // prettier-ignore

export interface VocabularyEntry {
  token: string;
  /** Row of the source vector it takes, or -1 for a special token (zero row). */
  sourceRow: number;
}

function ordinalSuffix(n: number): string {
  if (n === 1) return 'st';
  if (n === 2) return 'nd';
  if (n === 3) return 'rd';
  return 'th';
}

/** `[digits, word]` pairs: `['3', 'three']`, `['3rd', 'third']`, ... */
export function numberAliases(): [string, string][] {
  const cardinals = NUMBER_WORDS.map((word, n): [string, string] => [String(n), word]);
  const ordinals = ORDINAL_WORDS.map((word, i): [string, string] => [
    `${i + 1}${ordinalSuffix(i + 1)}`,
    word,
  ]);
  return [...cardinals, ...ordinals];
}

/**
 * The vocabulary in id order. `sourceWords` is in frequency order; the `size` most frequent
 * single-token words are kept (special tokens and number aliases come on top of `size`).
 */
export function buildVocabulary(sourceWords: readonly string[], size: number): VocabularyEntry[] {
  const entries: VocabularyEntry[] = SPECIAL_TOKENS.map((token) => ({ token, sourceRow: -1 }));
  const rowOf = new Map<string, number>();
  for (let row = 0; row < sourceWords.length && rowOf.size < size; row += 1) {
    const word = sourceWords[row];
    if (word === undefined || !SINGLE_TOKEN.test(word) || rowOf.has(word)) continue;
    rowOf.set(word, row);
    entries.push({ token: word, sourceRow: row });
  }
  for (const [digits, word] of numberAliases()) {
    const row = sourceWords.indexOf(word);
    if (row >= 0 && !rowOf.has(digits)) entries.push({ token: digits, sourceRow: row });
  }
  return entries;
}
