/**
 * Candidate answers inside one sentence: dates, numbers, quoted titles, runs of capitalised words
 * (names) and clause phrases that do not repeat the question, each with its kind and, for a name,
 * a guess at what it names. The reader scores them (span-features.ts).
 */
import type { AnswerType } from './question-type.ts';
import type { SentenceToken } from './sentence-tokens.ts';
import { dateSpans, nameSpans, numberSpans, type Span } from './typed-candidates.ts';

export type SpanKind = 'date' | 'number' | 'name' | 'phrase';

export interface SpanCandidate extends Span {
  /** Token indexes of the first and last word (inclusive) in the sentence's tokens. */
  first: number;
  last: number;
  kind: SpanKind;
  /** For a name: what it looks like it names; `other` when no cue tells. */
  category: AnswerType;
}

/** Longest clause phrase taken as one candidate, in words (most short answers are 1-5 words). */
const MAX_PHRASE_WORDS = 6;
/** Words that make a poor first or last word of an answer ("However", "several", "many"). */
const WEAK_EDGE_WORDS: ReadonlySet<string> = new Set(
  (
    'however although though conversely similarly initially also several many much some another ' +
    'other others various certain first later thus still even often sometimes e.g i.e etc'
  ).split(' '),
);
const ORGANISATION_CUES =
  /^(?:University|College|School|Academy|Institute|Company|Corporation|Corp|Inc|Ltd|Party|Church|Club|Council|Association|Society|Bank|Army|Navy|League|Records|Group|Band|Team|Committee|Ministry|Department|Agency|Foundation|Museum|Airlines|Press|Network|Studios|Pictures|Entertainment|Orchestra|Federation|Union|Parliament|Court|F\.C|FC)$/;
const PLACE_CUES =
  /^(?:River|Lake|Mountains?|Mount|Island|Islands|City|County|Province|Valley|Bay|Sea|Ocean|Street|Kingdom|Republic|Desert|Coast|Peninsula|District|Region|Village|Township)$/;
const PERSON_TITLES =
  /^(?:Mr|Mrs|Ms|Dr|Sir|Saint|St|King|Queen|President|Prince|Princess|Lord|Lady|General|Pope)\.?$/;
const PLACE_PREPOSITIONS: ReadonlySet<string> = new Set(['in', 'at', 'near', 'from', 'to', 'into']);
const WORK_NOUNS =
  /^(?:film|movie|book|novel|song|album|single|show|series|play|opera|poem|magazine|game|episode)s?$/i;

/**
 * Every candidate of the sentence whose words are not all the question's (`matched[i]`: token i
 * is one of the question's terms). One candidate per range: a date or number over a name or a
 * phrase of the same range.
 */
export function spanCandidates(
  text: string,
  sentence: Span,
  tokens: readonly SentenceToken[],
  matched: readonly boolean[],
): SpanCandidate[] {
  const byRange = new Map<string, SpanCandidate>();
  const add = (span: Span, kind: SpanKind, named?: AnswerType) => {
    const located = locate(span, tokens);
    if (!located || !fresh(located, tokens, matched)) return;
    const key = `${span.start}:${span.end}`;
    if (byRange.has(key)) return;
    const category: AnswerType | 'phrase' =
      named ?? (kind === 'name' ? nameCategory(tokens, located.first, located.last) : kind);
    byRange.set(key, {
      ...span,
      ...located,
      kind,
      category: category === 'phrase' ? 'other' : category,
    });
  };
  for (const span of dateSpans(text, sentence)) add(span, 'date');
  for (const span of numberSpans(text, sentence, tokens)) add(span, 'number');
  for (const span of quotedSpans(text, sentence)) add(span, 'name', 'title');
  for (const span of nameSpans(tokens)) add(span, 'name');
  for (const span of phraseSpans(tokens, matched)) {
    add(span, 'phrase');
    for (const part of phraseParts(tokens, span)) add(part, 'phrase');
  }
  return [...byRange.values()].sort((left, right) => left.start - right.start);
}

/** What a run of capitalised words names, from cue words in it or the word before it. */
function nameCategory(tokens: readonly SentenceToken[], first: number, last: number): AnswerType {
  const words = tokens.slice(first, last + 1).map((token) => token.text);
  const before = tokens[first - 1]?.text ?? '';
  if (WORK_NOUNS.test(before)) return 'title';
  if (words.some((word) => ORGANISATION_CUES.test(word))) return 'organisation';
  if (words.some((word) => PLACE_CUES.test(word))) return 'place';
  if (PERSON_TITLES.test(before) || PERSON_TITLES.test(words[0] ?? '')) return 'person';
  if (PLACE_PREPOSITIONS.has(before.toLowerCase())) return 'place';
  if (words.length >= 2 && words.length <= 4) return 'person';
  return 'other';
}

/** Text between double quotes, up to ten words: titles of works are often quoted. */
function quotedSpans(text: string, sentence: Span): Span[] {
  const body = text.slice(sentence.start, sentence.end);
  const spans: Span[] = [];
  for (const match of body.matchAll(/["“]([^"“”]{1,80})["”]/g)) {
    const inner = match[1] ?? '';
    const leading = inner.length - inner.trimStart().length;
    const value = inner.trim().replace(/[,.]$/, '');
    if (value.length === 0 || value.split(/\s+/).length > 10) continue;
    const start = sentence.start + match.index + 1 + leading;
    spans.push({ start, end: start + value.length });
  }
  return spans;
}

/** Runs of words that are not the question's, cut at clause punctuation, trimmed of weak words. */
function phraseSpans(tokens: readonly SentenceToken[], matched: readonly boolean[]): Span[] {
  const spans: Span[] = [];
  let first = -1;
  const close = (end: number) => {
    if (first < 0) return;
    let last = end;
    while (first <= last && isWeak(tokens[first])) first += 1;
    last = Math.min(last, first + MAX_PHRASE_WORDS - 1);
    while (last >= first && isWeak(tokens[last])) last -= 1;
    const start = tokens[first]?.start;
    const stop = tokens[last]?.end;
    if (last >= first && start !== undefined && stop !== undefined)
      spans.push({ start, end: stop });
    first = -1;
  };
  tokens.forEach((token, index) => {
    if (token.clauseStart || matched[index]) close(index - 1);
    if (!matched[index] && first < 0) first = index;
    if (token.clauseEnd) close(index);
  });
  close(tokens.length - 1);
  return spans;
}

/** Linking words inside a phrase: "Catholicism" and "Old Norse" are parts of "Old Norse with Catholicism". */
const LINKS: ReadonlySet<string> = new Set(
  'with in on at by for from into to as of and or than while because which that who'.split(' '),
);

/** The parts of a phrase between its linking words, each trimmed of weak words. */
function phraseParts(tokens: readonly SentenceToken[], span: Span): Span[] {
  const inside = tokens.filter((token) => token.start >= span.start && token.end <= span.end);
  const parts: Span[] = [];
  let part: SentenceToken[] = [];
  const close = () => {
    while (part.length > 0 && isWeak(part[0])) part.shift();
    while (part.length > 0 && isWeak(part.at(-1))) part.pop();
    const first = part[0];
    const last = part.at(-1);
    if (first && last && part.length < inside.length)
      parts.push({ start: first.start, end: last.end });
    part = [];
  };
  for (const token of inside) {
    if (LINKS.has(token.text.toLowerCase())) close();
    else part.push(token);
  }
  close();
  return parts;
}

function isWeak(token: SentenceToken | undefined): boolean {
  return token?.term === null || WEAK_EDGE_WORDS.has(token?.text.toLowerCase() ?? '');
}

function locate(
  span: Span,
  tokens: readonly SentenceToken[],
): { first: number; last: number } | null {
  const first = tokens.findIndex((token) => token.end > span.start);
  const last = tokens.findLastIndex((token) => token.start < span.end);
  return first < 0 || last < first ? null : { first, last };
}

/** Whether the candidate holds a word that is not one of the question's. */
function fresh(
  candidate: { first: number; last: number },
  tokens: readonly SentenceToken[],
  matched: readonly boolean[],
): boolean {
  for (let index = candidate.first; index <= candidate.last; index += 1) {
    if (tokens[index]?.term !== null && !matched[index]) return true;
  }
  return false;
}
