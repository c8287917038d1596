/**
 * Tokenisation for keyword search: lower-case words, accents folded, English stop words removed,
 * light stemming; text in scripts written without spaces (Chinese, Japanese, Korean) as
 * overlapping character pairs, so a word inside a run of characters can match.
 */

const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being ' +
    'below between both but by can could did do does doing down during each few for from further ' +
    'had has have having he her here hers herself him himself his how i if in into is it its itself ' +
    'just me more most my myself no nor not now of off on once only or other our ours ourselves out ' +
    'over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which ' +
    'while who whom why will with would you your yours yourself yourselves also s t d ll m re ve'
  ).split(' '),
);

/** A word as keyword search splits text (a run of letters and digits, a possessive kept). */
export const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
const CJK_LETTERS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
/** Letters of Chinese, Japanese and Korean, with the long-vowel mark ー inside a run. */
const CJK_RUN = new RegExp(`[${CJK_LETTERS}][${CJK_LETTERS}ー]*`, 'gu');
const HAS_CJK = new RegExp(`[${CJK_LETTERS}]`, 'u');

/** Strips common English inflections so "stations" matches "station" and "founded" matches "found". */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let stemmed = word.replace(/['’]s$/, '');
  if (stemmed.endsWith('ies') && stemmed.length > 4) return stemmed.slice(0, -3) + 'y';
  if (stemmed.endsWith('sses')) return stemmed.slice(0, -2);
  if (stemmed.endsWith('s') && !/(ss|us|is)$/.test(stemmed)) stemmed = stemmed.slice(0, -1);
  if (stemmed.length > 5 && stemmed.endsWith('ing')) stemmed = undouble(stemmed.slice(0, -3));
  else if (stemmed.length > 4 && stemmed.endsWith('ed')) stemmed = undouble(stemmed.slice(0, -2));
  return stemmed;
}

function undouble(word: string): string {
  const last = word.at(-1);
  if (last && word.length > 3 && last === word.at(-2) && !'lsz'.includes(last)) {
    return word.slice(0, -1);
  }
  return word;
}

/** The terms of each word form seen (see `rememberedFormTerms`). */
const termsOfForm = new Map<string, string | readonly TermSpan[] | null>();
/** Forms kept before the cache starts over, so memory stays bounded (a few MB). */
const MAX_CACHED_WORDS = 100_000;
/** Text that NFKC (and NFKD) may change: ASCII they leave as it is. */
const NON_ASCII = /[^\0-\x7f]/;

/** A term and where it lies in the word form it came from. */
export interface TermSpan {
  term: string;
  start: number;
  end: number;
}

/** Words of `text` as index terms, in order, stop words dropped. */
export function analyze(text: string): string[] {
  const terms: string[] = [];
  for (const form of compatibilityForm(text.toLowerCase()).match(WORD) ?? []) {
    const found = rememberedFormTerms(form);
    if (typeof found === 'string') terms.push(found);
    else if (found) for (const span of found) terms.push(span.term);
  }
  return terms;
}

/**
 * `text` in NFKC, as word forms are compared: ASCII, which NFKC leaves as it is, without the
 * (slower) normalization.
 */
export function compatibilityForm(text: string): string {
  return NON_ASCII.test(text) ? text.normalize('NFKC') : text;
}

/** `formTerms(form)`, remembered: most words recur, so most lookups hit. */
export function rememberedFormTerms(form: string): string | readonly TermSpan[] | null {
  let found = termsOfForm.get(form);
  if (found === undefined) {
    found = formTerms(form);
    if (termsOfForm.size >= MAX_CACHED_WORDS) termsOfForm.clear();
    termsOfForm.set(form, found);
  }
  return found;
}

/**
 * The index terms of one lower-cased, NFKC-normalized word form: its stem with accents folded,
 * or null for a stop word; for a form with Chinese, Japanese or Korean letters, each run of them
 * as overlapping pairs of characters (one character alone as itself) and the letters around
 * them as words, with where each lies in the form.
 */
function formTerms(form: string): string | readonly TermSpan[] | null {
  if (!HAS_CJK.test(form)) return wordTerm(form);
  const spans: TermSpan[] = [];
  const addWord = (start: number, end: number) => {
    const term = start < end ? wordTerm(form.slice(start, end)) : null;
    if (term !== null) spans.push({ term, start, end });
  };
  let last = 0;
  for (const run of form.matchAll(CJK_RUN)) {
    addWord(last, run.index);
    const characters = [...run[0]];
    let start = run.index;
    characters.forEach((character, position) => {
      const next = characters[position + 1];
      if (next !== undefined || characters.length === 1) {
        const term = character + (next ?? '');
        spans.push({ term, start, end: start + term.length });
      }
      start += character.length;
    });
    last = run.index + run[0].length;
  }
  addWord(last, form.length);
  return spans;
}

/** The index term of a word form without CJK letters; null for a stop word. */
function wordTerm(form: string): string | null {
  const word = NON_ASCII.test(form)
    ? form
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .replace(/['’][\p{L}]+$/u, '')
    : form.replace(/'[a-z]+$/, '');
  if (word.length === 0 || STOP_WORDS.has(word)) return null;
  return stem(word);
}
