/**
 * The reader: answers a question from ranked passages without a language model, and knows when
 * it knows. Every sentence of the passages is scored by the question's words it holds; the best
 * sentences give candidate spans (span-candidates.ts), each weighed by a logistic model over its
 * features (span-features.ts); the best span's confidence comes from a second logistic model over
 * what the reading as a whole looks like (how far the best span leads, how much of the question its
 * sentence holds, whether the question compares things). Both are fitted on the dev half of the
 * QA data by `npm run fit:reader`; the confidence behaves like the probability that the span is
 * right. Pure and deterministic; every span is a verbatim range of its passage.
 */
import { analyze } from '../retrieval/text-analysis.ts';
import { logit, sigmoid, type LogisticModel } from './logistic-model.ts';
import { answerTypeOf, type AnswerType } from './question-type.ts';
import { isComparison } from './question-shape.ts';
import { scoreSentences, weightOf, type AnswerPassage } from './sentence-scoring.ts';
import { tokenize } from './sentence-tokens.ts';
import { spanCandidates, type SpanCandidate } from './span-candidates.ts';
import { SPAN_FEATURES, spanFeatures, type QuestionContext } from './span-features.ts';
import type { TextRange } from './reading.ts';

export type { AnswerPassage } from './sentence-scoring.ts';

/** The best sentences of all passages read give candidates; the rest rarely hold the answer. */
export const SENTENCES_READ = 8;

/** The features of the reading as a whole that the confidence model weighs, in vector order. */
export const ANSWER_FEATURES = [
  'bias',
  'spanShare',
  'margin',
  'sentenceCoverage',
  'relevance',
  'spread',
  'typedQuestion',
  'comparison',
  'missingWords',
  'negation',
] as const;

/** Largest lead of the best span over the next different one that counts (in log-odds). */
const MAX_MARGIN = 5;

export interface ReaderModels {
  span: LogisticModel;
  /** Absent while the span model alone is being fitted: `confidence` is then 0. */
  answer?: LogisticModel;
}

/** A candidate span with where it is, its features and its score (log-odds) under the span model. */
export interface ScoredSpan extends SpanCandidate {
  passageIndex: number;
  sentence: TextRange;
  features: number[];
  score: number;
  text: string;
}

export interface ReaderOutput {
  /** Candidates, best first. */
  spans: ScoredSpan[];
  /** The best sentence of each passage, by index; null for a passage without one. */
  bestSentences: (TextRange | null)[];
  /**
   * How much of the question the best passage holds (idf-weighted over the passages read, so a
   * question word found in none of them weighs most): the relevance that decides whether anything
   * matches at all.
   */
  relevance: number;
  /** How much of the question all the passages read hold together (same weights). */
  jointRelevance: number;
  /** The confidence model's features for the best span (null without candidates). */
  answerFeatures: number[] | null;
  /** Probability that the best span is right; 0 without candidates or confidence model. */
  confidence: number;
}

export function readPassages(
  question: string,
  passages: readonly AnswerPassage[],
  models: ReaderModels,
): ReaderOutput {
  const type = answerTypeOf(question);
  const scores = scoreSentences(question, passages);
  const context: QuestionContext = { type, weights: scores.weights, total: scores.total };
  const questionTerms = new Set(scores.weights.keys());
  const bestSentences: (TextRange | null)[] = passages.map(() => null);
  for (const sentence of scores.sentences) {
    if (bestSentences[sentence.passageIndex] === null && sentence.coverage > 0) {
      bestSentences[sentence.passageIndex] = { start: sentence.start, end: sentence.end };
    }
  }
  const spans: ScoredSpan[] = [];
  const bestCoverage = Math.max(0, ...scores.sentences.map((sentence) => sentence.coverage));
  scores.sentences.slice(0, SENTENCES_READ).forEach((sentence, sentenceRank) => {
    const text = passages[sentence.passageIndex]?.text ?? '';
    const tokens = tokenize(text, sentence.start, sentence.end);
    const matched = tokens.map((token) => token.term !== null && questionTerms.has(token.term));
    const sentenceContext = {
      tokens,
      matched,
      coverage: sentence.coverage,
      bestCoverage,
      sentenceRank,
      passageRank: sentence.passageIndex,
    };
    for (const candidate of spanCandidates(text, sentence, tokens, matched)) {
      const features = spanFeatures(context, sentenceContext, candidate);
      spans.push({
        ...candidate,
        passageIndex: sentence.passageIndex,
        sentence: { start: sentence.start, end: sentence.end },
        features,
        score: logit(models.span, features),
        text: text.slice(candidate.start, candidate.end),
      });
    }
  });
  spans.sort((left, right) => right.score - left.score || left.passageIndex - right.passageIndex);
  const relevance = relevanceOf(passages, scores.weights, scores.total);
  const best = spans[0];
  const answerFeatures = best
    ? confidenceFeatures(question, type, spans, sentenceOf(passages, best), relevance)
    : null;
  const confidence =
    answerFeatures && models.answer ? sigmoid(logit(models.answer, answerFeatures)) : 0;
  return {
    spans,
    bestSentences,
    ...relevance,
    answerFeatures,
    confidence,
  };
}

/**
 * The reading as a whole: the share of the candidates' softmax weight that the best span's words
 * hold (the span model ranks within a question, so its raw scores do not compare across
 * questions), its lead over the next different span, how much of the question its sentence and
 * its passage hold, how much more the passages hold together than the best alone (a question
 * spread over several passages), and the question's kind.
 */
function confidenceFeatures(
  question: string,
  type: AnswerType,
  spans: readonly ScoredSpan[],
  bestSentence: string,
  relevance: { relevance: number; jointRelevance: number },
): number[] {
  const [best] = spans;
  if (!best) return [];
  const keys = spans.map((span) => normalized(span.text));
  const rival = spans.find((_span, index) => keys[index] !== keys[0]);
  const margin = rival ? Math.min(MAX_MARGIN, best.score - rival.score) : MAX_MARGIN;
  let total = 0;
  let own = 0;
  spans.forEach((span, index) => {
    const weight = Math.exp(span.score - best.score);
    total += weight;
    if (keys[index] === keys[0]) own += weight;
  });
  return [
    1,
    own / total,
    margin,
    best.features[SPAN_COVERAGE] ?? 0,
    relevance.relevance,
    relevance.jointRelevance - relevance.relevance,
    type === 'other' ? 0 : 1,
    isComparison(question) ? 1 : 0,
    Math.log1p(missingWords(question, bestSentence)),
    negationDiffers(question, bestSentence) ? 1 : 0,
  ];
}

/** The text of the sentence that holds `span`. */
function sentenceOf(passages: readonly AnswerPassage[], span: ScoredSpan): string {
  return passages[span.passageIndex]?.text.slice(span.sentence.start, span.sentence.end) ?? '';
}

/**
 * The question's words that the best span's sentence lacks, counted (not weighted): a question
 * made unanswerable by swapping in a word the passage never uses leaves one out.
 */
function missingWords(question: string, sentence: string): number {
  const sentenceTerms = new Set(analyze(sentence));
  return new Set(analyze(question).filter((term) => !sentenceTerms.has(term))).size;
}

const NEGATION = /\b(?:not|no|never|none|nor|without|n't)\b|n't\b/i;

/** The question is negated and the answer's sentence is not, or the other way round. */
function negationDiffers(question: string, sentence: string): boolean {
  return NEGATION.test(question) !== NEGATION.test(sentence);
}

const SPAN_COVERAGE = SPAN_FEATURES.indexOf('sentenceCoverage');

function relevanceOf(
  passages: readonly AnswerPassage[],
  weights: ReadonlyMap<string, number>,
  total: number,
): { relevance: number; jointRelevance: number } {
  if (total <= 0) return { relevance: 0, jointRelevance: 0 };
  let relevance = 0;
  const all = new Set<string>();
  for (const passage of passages) {
    const terms = new Set(analyze(passage.text));
    relevance = Math.max(relevance, weightOf(terms, weights) / total);
    for (const term of terms) all.add(term);
  }
  return { relevance, jointRelevance: weightOf(all, weights) / total };
}

function normalized(text: string): string {
  return analyze(text).join(' ');
}
