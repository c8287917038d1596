/** Tokenisation for keyword search: lower-case words, English stop words removed, light stemming. */

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

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

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

/** Index term of each word form seen (null for a stop word): most words recur, so most lookups hit. */
const termOfWord = new Map<string, string | null>();
/** Forms kept before the cache starts over, so memory stays bounded (a few MB). */
const MAX_CACHED_WORDS = 100_000;
const NON_ASCII = /[^\0-\x7f]/;

/** Words of `text` as index terms, in order, stop words dropped. */
export function analyze(text: string): string[] {
  const lower = text.toLowerCase();
  // NFKD leaves ASCII as it is: only other text needs the (slower) decomposition.
  const folded = NON_ASCII.test(lower) ? lower.normalize('NFKD') : lower;
  const terms: string[] = [];
  for (const form of folded.match(WORD) ?? []) {
    let term = termOfWord.get(form);
    if (term === undefined) {
      term = wordTerm(form);
      if (termOfWord.size >= MAX_CACHED_WORDS) termOfWord.clear();
      termOfWord.set(form, term);
    }
    if (term !== null) terms.push(term);
  }
  return terms;
}

/** The index term of one lower-cased, decomposed word form; null for a stop word. */
function wordTerm(form: string): string | null {
  const word = form.replace(/\p{M}/gu, '').replace(/['’][\p{L}]+$/u, '');
  if (word.length === 0 || STOP_WORDS.has(word)) return null;
  return stem(word);
}
