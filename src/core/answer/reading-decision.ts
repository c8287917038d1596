/**
 * Turns the reader's output into one of three honest outcomes: a likely answer with its passage
 * (only above the confidence threshold), passages that look relevant but need a language model
 * to combine or to pick an answer from, or nothing (no passage clears the relevance floor).
 */
import { isComparison } from './question-shape.ts';
import type { ReaderOutput } from './reader.ts';
import type { NeedsModelReason, PassageReading, ReadPassage, ReadSpan } from './reading.ts';

/** Where the reader's figures are cut, fitted with the models (reader-weights.ts). */
export interface ReadingCalibration {
  /** Least confidence for stating a short answer. */
  threshold: number;
  /** Least relevance of the best passage for showing passages at all. */
  relevanceFloor: number;
}

/**
 * How much more of the question the passages hold together than the best one alone (0-1) before
 * the question is taken to join facts from several passages rather than to lack a clear answer.
 */
const SPREAD_MARGIN = 0.2;

export interface ShownPassage {
  id: string;
  collectionId: string;
  path: string;
  text: string;
}

export function decideReading(
  question: string,
  passages: readonly ShownPassage[],
  output: ReaderOutput,
  calibration: ReadingCalibration,
): PassageReading {
  const best = output.spans[0];
  const bestSpan: ReadSpan | undefined = best
    ? { text: best.text, confidence: output.confidence, passageNumber: best.passageIndex + 1 }
    : undefined;
  const withBest = bestSpan ? { bestSpan } : {};
  if (passages.length === 0 || output.relevance < calibration.relevanceFloor) {
    return { outcome: 'nothing', ...withBest, passages: [] };
  }
  const stated = best && output.confidence >= calibration.threshold ? best : undefined;
  const shown: ReadPassage[] = passages.map((passage, index) => {
    const sentence = (stated?.passageIndex === index ? stated.sentence : null) ??
      output.bestSentences[index] ?? { start: 0, end: Math.min(passage.text.length, 300) };
    return {
      number: index + 1,
      chunkId: passage.id,
      collectionId: passage.collectionId,
      path: passage.path,
      text: passage.text,
      sentence,
      ...(stated?.passageIndex === index
        ? { answer: { start: stated.start, end: stated.end } }
        : {}),
    };
  });
  if (stated && bestSpan) {
    return { outcome: 'answer', likelyAnswer: bestSpan, ...withBest, passages: shown };
  }
  return {
    outcome: 'needs-model',
    reason: reasonOf(question, output),
    ...withBest,
    passages: shown,
  };
}

function reasonOf(question: string, output: ReaderOutput): NeedsModelReason {
  if (isComparison(question)) return 'comparison';
  if (output.jointRelevance - output.relevance >= SPREAD_MARGIN) return 'multi-part';
  return 'low-confidence';
}
