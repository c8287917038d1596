import type { AnswerType } from './question-type.ts';
import { tokenize, type SentenceToken } from './sentence-tokens.ts';
import { typedCandidates, type Span } from './typed-candidates.ts';

/** The chosen answer: a range of the passage text, and whether it has the asked-for type. */
export interface AnswerSpan extends Span {
  typed: boolean;
}

/** Longest answer taken from a clause, in words; SQuAD answers are mostly one to five. */
const MAX_CLAUSE_WORDS = 6;
/** Words that make a poor first or last word of an answer ("However", "several", "many"). */
const WEAK_EDGE_WORDS = new Set(
  (
    'however although though conversely similarly initially also several many much some another ' +
    'other others various certain first later thus still even often sometimes e.g i.e etc'
  ).split(' '),
);

/**
 * Added to the distance of a candidate without a capitalised word (past the sentence's first):
 * answers are often names. Measured on the SQuAD 2.0 dev sample: +6 points of F1.
 */
const UNNAMED_PENALTY = 0.5;
/** Distance given to a candidate when the sentence holds none of the question's words. */
const FAR = 1000;

interface Candidate {
  span: Span;
  first: number;
  last: number;
}

/**
 * Picks the answer inside one sentence: a span of the asked-for type where there is one (a name
 * for "who", a date for "when", …), else the best clause part that does not repeat the question;
 * nearest to the question's words wins (one holding a name is a little nearer), then the earlier
 * one. Null when every word is the question's own.
 */
export function pickAnswerSpan(
  text: string,
  sentence: Span,
  questionTerms: ReadonlySet<string>,
  type: AnswerType,
): AnswerSpan | null {
  const tokens = tokenize(text, sentence.start, sentence.end);
  const matched = tokens.map((token) => token.term !== null && questionTerms.has(token.term));
  const fresh = (candidate: Candidate) =>
    tokens
      .slice(candidate.first, candidate.last + 1)
      .some((token, offset) => token.term !== null && !matched[candidate.first + offset]);
  const typed = typedCandidates(text, sentence, tokens, type)
    .map((span) => locate(span, tokens))
    .filter((candidate): candidate is Candidate => candidate !== null && fresh(candidate));
  const candidates = typed.length > 0 ? typed : clauseCandidates(tokens, matched);
  const anchors = matched.flatMap((isMatched, index) => (isMatched ? [index] : []));
  let best: Candidate | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance =
      distanceTo(candidate, anchors) + (holdsName(candidate, tokens) ? 0 : UNNAMED_PENALTY);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best ? { ...best.span, typed: typed.length > 0 } : null;
}

function locate(span: Span, tokens: readonly SentenceToken[]): Candidate | null {
  const first = tokens.findIndex((token) => token.end > span.start);
  const last = tokens.findLastIndex((token) => token.start < span.end);
  return first < 0 || last < first ? null : { span, first, last };
}

/** Runs of words that are not the question's, cut at clause punctuation, trimmed of stop words. */
function clauseCandidates(
  tokens: readonly SentenceToken[],
  matched: readonly boolean[],
): Candidate[] {
  const candidates: Candidate[] = [];
  let first = -1;
  const close = (end: number) => {
    if (first < 0) return;
    let last = end;
    while (first <= last && isWeak(tokens[first])) first += 1;
    last = Math.min(last, first + MAX_CLAUSE_WORDS - 1);
    while (last >= first && isWeak(tokens[last])) last -= 1;
    if (last >= first) candidates.push(spanOf(tokens, first, last));
    first = -1;
  };
  tokens.forEach((token, index) => {
    if (token.clauseStart || matched[index]) close(index - 1);
    if (!matched[index] && first < 0) first = index;
    if (token.clauseEnd) close(index);
  });
  close(tokens.length - 1);
  return candidates;
}

function holdsName(candidate: Candidate, tokens: readonly SentenceToken[]): boolean {
  for (let index = Math.max(candidate.first, 1); index <= candidate.last; index += 1) {
    if (tokens[index]?.capitalised) return true;
  }
  return false;
}

function isWeak(token: SentenceToken | undefined): boolean {
  return token?.term === null || WEAK_EDGE_WORDS.has(token?.text.toLowerCase() ?? '');
}

function spanOf(tokens: readonly SentenceToken[], first: number, last: number): Candidate {
  const start = tokens[first]?.start ?? 0;
  const end = tokens[last]?.end ?? start;
  return { span: { start, end }, first, last };
}

/** Words between the candidate and the nearest question word (0 when it holds one). */
function distanceTo(candidate: Candidate, anchors: readonly number[]): number {
  let nearest = FAR;
  for (const anchor of anchors) {
    const gap =
      anchor < candidate.first
        ? candidate.first - anchor
        : anchor > candidate.last
          ? anchor - candidate.last
          : 0;
    nearest = Math.min(nearest, gap);
  }
  return nearest;
}
