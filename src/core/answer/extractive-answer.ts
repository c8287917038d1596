import { analyze } from '../retrieval/text-analysis.ts';
import { pickAnswerSpan } from './answer-span.ts';
import { answerTypeOf } from './question-type.ts';
import { scoreSentences, type AnswerPassage } from './sentence-scoring.ts';

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
  /** 0-1: the share of the question found in the sentence, less when the answer's type is off. */
  confidence: number;
}

/** Why no answer was given: nothing to read, or the passages do not hold the answer. */
export type NoAnswerReason = 'no-question' | 'no-passages' | 'not-found';

export interface NoAnswer {
  answer: null;
  reason: NoAnswerReason;
  /** Confidence of the best candidate that fell below the threshold (0 when there was none). */
  confidence: number;
}

export interface ExtractiveOptions {
  /** Least confidence for an answer; below it the passages are taken not to hold one. */
  threshold?: number;
}

/**
 * On the SQuAD 2.0 dev sample, whose unanswerable questions are written to look answerable, word
 * overlap barely tells the two apart: each step up trades answers for abstentions almost one for
 * one. Kept low, so that a question about something the folder never mentions is refused while a
 * reworded one still gets its best sentence.
 */
export const DEFAULT_THRESHOLD = 0.35;
/** Confidence kept when the question asks for a type (a date, a name) the sentence lacks. */
const UNTYPED_FACTOR = 0.8;
/** Sentences tried, best first, when the best one has nothing but the question's own words. */
const SENTENCES_TRIED = 3;

/**
 * Answers `question` from ranked passages without a language model: the sentence holding most of
 * the question's (idf-weighted, stemmed) words, then the span in it of the type the question asks
 * for. Pure and deterministic; the answer is always a verbatim substring of its passage.
 */
export function extractAnswer(
  question: string,
  passages: readonly AnswerPassage[],
  options: ExtractiveOptions = {},
): ExtractedAnswer | NoAnswer {
  const questionTerms = new Set(analyze(question));
  if (questionTerms.size === 0) return { answer: null, reason: 'no-question', confidence: 0 };
  if (!passages.some((passage) => passage.text.trim().length > 0)) {
    return { answer: null, reason: 'no-passages', confidence: 0 };
  }
  const type = answerTypeOf(question);
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  let bestConfidence = 0;
  for (const sentence of scoreSentences(question, passages).slice(0, SENTENCES_TRIED)) {
    const passage = passages[sentence.passageIndex];
    if (!passage) continue;
    const span = pickAnswerSpan(passage.text, sentence, questionTerms, type);
    if (!span) continue;
    const factor = span.typed || type === 'other' ? 1 : UNTYPED_FACTOR;
    const confidence = Math.min(1, sentence.coverage * factor);
    if (confidence < threshold) {
      bestConfidence = Math.max(bestConfidence, confidence);
      continue;
    }
    return {
      answer: passage.text.slice(span.start, span.end),
      sentence: passage.text.slice(sentence.start, sentence.end),
      passageId: passage.id,
      passageIndex: sentence.passageIndex,
      start: span.start,
      end: span.end,
      confidence,
    };
  }
  return { answer: null, reason: 'not-found', confidence: bestConfidence };
}
