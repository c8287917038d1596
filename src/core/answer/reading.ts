/**
 * The answer given without a language model: the best passages (one per file), the best sentence
 * of each, and a short answer only when the reader is confident. Plain data: it crosses the worker
 * boundary and is stored with the conversation turn.
 */

/**
 * - `answer`: the reader is confident; `likelyAnswer` holds the short answer.
 * - `needs-model`: the passages look relevant, but no short answer can be stated without a model
 *   (see `reason`).
 * - `nothing`: no passage clears the relevance floor: nothing in the folders matches.
 */
export type ReadingOutcome = 'answer' | 'needs-model' | 'nothing';

/**
 * Why a model is needed: the question joins facts from several passages (`multi-part`), compares
 * things (`comparison`), or the reader found no answer it is confident of (`low-confidence`).
 */
export type NeedsModelReason = 'multi-part' | 'comparison' | 'low-confidence';

/** A character range of a passage's text, end exclusive. */
export interface TextRange {
  start: number;
  end: number;
}

/** A passage shown with the reading, in the order shown. */
export interface ReadPassage {
  /** The `[n]` it is cited as (1-based, its position in `passages`). */
  number: number;
  chunkId: string;
  collectionId: string;
  path: string;
  text: string;
  /** The sentence that best matches the question. */
  sentence: TextRange;
  /** Where the likely answer is, when it is stated and this passage holds it. */
  answer?: TextRange;
}

/** A short answer read from a passage, with the reader's confidence (0-1, a probability). */
export interface ReadSpan {
  text: string;
  confidence: number;
  /** The `[n]` of the passage that holds it. */
  passageNumber: number;
}

export interface PassageReading {
  outcome: ReadingOutcome;
  /** Only with `needs-model`. */
  reason?: NeedsModelReason;
  /** Only with `answer`: the short answer, stated. */
  likelyAnswer?: ReadSpan;
  /** The reader's best span whether stated or not (absent when it found none). */
  bestSpan?: ReadSpan;
  /** Empty with `nothing`. */
  passages: ReadPassage[];
}
