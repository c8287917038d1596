import { analyze } from '../retrieval/text-analysis.ts';
import { READER_MODELS, READING_CALIBRATION } from './reader-weights.ts';
import { readPassages } from './reader.ts';
import type { AnswerPassage } from './sentence-scoring.ts';

export type { AnswerPassage } from './sentence-scoring.ts';

/** An answer found in the passages: a verbatim span of one passage, and its sentence. */
export interface ExtractedAnswer {
  answer: string;
  /** The sentence that holds the answer, verbatim. */
  sentence: string;
  passageId: string;
  /** Position of the passage in the list given (0 is the first), for `[n]` citations. */
  passageIndex: number;
  /** Character range of `answer` in the passage text, end exclusive. */
  start: number;
  end: number;
  /** The reader's confidence (0-1): the probability that the answer is right. */
  confidence: number;
}

/** Why no answer was given: nothing to read, or the passages do not hold a confident answer. */
export type NoAnswerReason = 'no-question' | 'no-passages' | 'not-found';

export interface NoAnswer {
  answer: null;
  reason: NoAnswerReason;
  /** Confidence of the best candidate that fell below the threshold (0 when there was none). */
  confidence: number;
}

export interface ExtractiveOptions {
  /** Least confidence for an answer; the fitted threshold (reader-weights.ts) when absent. */
  threshold?: number;
}

/**
 * Answers `question` from ranked passages without a language model: the reader's best span
 * (reader.ts) when its confidence reaches the threshold and a passage clears the relevance floor.
 * Pure and deterministic; the answer is always a verbatim substring of its passage.
 */
export function extractAnswer(
  question: string,
  passages: readonly AnswerPassage[],
  options: ExtractiveOptions = {},
): ExtractedAnswer | NoAnswer {
  if (analyze(question).length === 0) return { answer: null, reason: 'no-question', confidence: 0 };
  if (!passages.some((passage) => passage.text.trim().length > 0)) {
    return { answer: null, reason: 'no-passages', confidence: 0 };
  }
  const output = readPassages(question, passages, READER_MODELS);
  const best = output.spans[0];
  const threshold = options.threshold ?? READING_CALIBRATION.threshold;
  const relevant = output.relevance >= READING_CALIBRATION.relevanceFloor;
  const passage = best ? passages[best.passageIndex] : undefined;
  if (!best || !passage || !relevant || output.confidence < threshold) {
    return { answer: null, reason: 'not-found', confidence: output.confidence };
  }
  return {
    answer: best.text,
    sentence: passage.text.slice(best.sentence.start, best.sentence.end),
    passageId: passage.id,
    passageIndex: best.passageIndex,
    start: best.start,
    end: best.end,
    confidence: output.confidence,
  };
}
