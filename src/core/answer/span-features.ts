/**
 * What the reader knows about a candidate answer, as numbers a logistic model weighs: whether its
 * type is the one the question asks for, how much of the question its sentence and its
 * neighbourhood hold, how far it is from the question's words, the rank of its passage and
 * sentence, whether it repeats the question, and its length. Few and general on purpose: the
 * weights are fitted on one half of the QA data and checked on the other.
 */
import { isNamedType, type AnswerType } from './question-type.ts';
import type { SentenceToken } from './sentence-tokens.ts';
import type { SpanCandidate } from './span-candidates.ts';

/** The names of the span features, in the order of the vector (the weights file repeats them). */
export const SPAN_FEATURES = [
  'bias',
  'typeExact',
  'typeNamed',
  'typeClash',
  'phraseForOther',
  'sentenceCoverage',
  'coverageGap',
  'nearCoverage',
  'logDistance',
  'passageRank',
  'sentenceRank',
  'questionOverlap',
  'logLength',
  'long',
  'capitalised',
  'afterQuestionWord',
  'beforeQuestionWord',
  'leftCoverage',
  'rightCoverage',
  'inBrackets',
  'firstAfterQuestionWords',
  'singleWord',
] as const;

/** Question words counted as "near" a candidate: this many words either side of it. */
const NEAR_WORDS = 5;
/** Words read on each side of a candidate for its left and right context. */
const SIDE_WORDS = 3;

/** The sentence a candidate was found in, and what the reader knows of it. */
export interface SentenceContext {
  tokens: readonly SentenceToken[];
  /** `matched[i]`: token i is one of the question's terms. */
  matched: readonly boolean[];
  coverage: number;
  /** The best coverage of any sentence read. */
  bestCoverage: number;
  /** 0 for the best-scoring sentence of all the passages read. */
  sentenceRank: number;
  /** 0 for the best passage. */
  passageRank: number;
}

export interface QuestionContext {
  type: AnswerType;
  weights: ReadonlyMap<string, number>;
  /** Sum of the weights. */
  total: number;
}

export function spanFeatures(
  question: QuestionContext,
  sentence: SentenceContext,
  candidate: SpanCandidate,
): number[] {
  const { tokens, matched } = sentence;
  const words = candidate.last - candidate.first + 1;
  const inside = countMatched(matched, candidate.first, candidate.last);
  const contentWords = countContent(tokens, candidate.first, candidate.last);
  return [
    1,
    typeExact(question.type, candidate) ? 1 : 0,
    isNamedType(question.type) && candidate.kind === 'name' ? 1 : 0,
    typeClash(question.type, candidate) ? 1 : 0,
    question.type === 'other' && candidate.kind === 'phrase' ? 1 : 0,
    sentence.coverage,
    sentence.bestCoverage - sentence.coverage,
    nearCoverage(question, sentence, candidate),
    Math.log1p(distance(matched, candidate.first, candidate.last)),
    1 / (1 + sentence.passageRank),
    1 / (1 + sentence.sentenceRank),
    contentWords > 0 ? inside / contentWords : 0,
    Math.log(words),
    words > 5 ? 1 : 0,
    holdsCapital(tokens, candidate) ? 1 : 0,
    matched[candidate.first - 1] || matched[candidate.first - 2] ? 1 : 0,
    matched[candidate.last + 1] ? 1 : 0,
    windowCoverage(question, sentence, candidate.first - SIDE_WORDS, candidate.first - 1),
    windowCoverage(question, sentence, candidate.last + 1, candidate.last + SIDE_WORDS),
    tokens[candidate.first]?.clauseStart && tokens[candidate.last]?.clauseEnd ? 1 : 0,
    firstAfterQuestionWords(sentence, candidate) ? 1 : 0,
    words === 1 ? 1 : 0,
  ];
}

function typeExact(type: AnswerType, candidate: SpanCandidate): boolean {
  return type !== 'other' && candidate.category === type;
}

/** A date or number asked for and a name or phrase given, or a name asked for and a date given. */
function typeClash(type: AnswerType, candidate: SpanCandidate): boolean {
  if (type === 'date') return candidate.kind !== 'date';
  if (type === 'number') return candidate.kind !== 'number';
  if (isNamedType(type)) return candidate.kind === 'date' || candidate.kind === 'number';
  return false;
}

/** Share of the question's weight found within {@link NEAR_WORDS} words of the candidate. */
function nearCoverage(
  question: QuestionContext,
  sentence: SentenceContext,
  candidate: SpanCandidate,
): number {
  return windowCoverage(
    question,
    sentence,
    candidate.first - NEAR_WORDS,
    candidate.last + NEAR_WORDS,
  );
}

/**
 * Whether the candidate is the first run of new words after a run of the question's words
 * ("… was founded by [Robert Boyle]"), the usual place of an answer in a sentence that restates
 * the question.
 */
function firstAfterQuestionWords(sentence: SentenceContext, candidate: SpanCandidate): boolean {
  let index = candidate.first - 1;
  while (index >= 0 && sentence.tokens[index]?.term === null) index -= 1;
  return index >= 0 && sentence.matched[index] === true;
}

/** Share of the question's weight found among the words `from` to `to` (inclusive). */
function windowCoverage(
  question: QuestionContext,
  sentence: SentenceContext,
  fromIndex: number,
  toIndex: number,
): number {
  if (question.total <= 0) return 0;
  const from = Math.max(0, fromIndex);
  const to = Math.min(sentence.tokens.length - 1, toIndex);
  const found = new Set<string>();
  for (let index = from; index <= to; index += 1) {
    const term = sentence.tokens[index]?.term;
    if (term && sentence.matched[index]) found.add(term);
  }
  let weight = 0;
  for (const term of found) weight += question.weights.get(term) ?? 0;
  return weight / question.total;
}

/** Words between the candidate and the nearest question word; the sentence's length if none. */
function distance(matched: readonly boolean[], first: number, last: number): number {
  let nearest = matched.length;
  matched.forEach((isMatched, index) => {
    if (!isMatched) return;
    const gap = index < first ? first - index : index > last ? index - last : 0;
    nearest = Math.min(nearest, gap);
  });
  return nearest;
}

function countMatched(matched: readonly boolean[], first: number, last: number): number {
  let count = 0;
  for (let index = first; index <= last; index += 1) if (matched[index]) count += 1;
  return count;
}

function countContent(tokens: readonly SentenceToken[], first: number, last: number): number {
  let count = 0;
  for (let index = first; index <= last; index += 1) if (tokens[index]?.term) count += 1;
  return count;
}

/** A capitalised word that is not the sentence's first (which is capitalised anyway). */
function holdsCapital(tokens: readonly SentenceToken[], candidate: SpanCandidate): boolean {
  for (let index = Math.max(candidate.first, 1); index <= candidate.last; index += 1) {
    if (tokens[index]?.capitalised) return true;
  }
  return false;
}
