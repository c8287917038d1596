/** An answer as a strategy returns it: Markdown with `[n]` citations, and how it ended. */
import type { PassageReading } from './reading.ts';

export interface Citation {
  /** The `[n]` in the answer text. */
  number: number;
  chunkId: string;
  /** The quoted span, when the answer quoted one; verified verbatim (modulo whitespace). */
  quote?: string;
}

export interface StrategyAnswer {
  /** Markdown with `[n]` citations. */
  text: string;
  citations: Citation[];
  /**
   * `not-found`: the library does not hold the answer (said so in `text`); `passages`: passages
   * that look relevant are shown, but no short answer is stated (the answer without a model).
   */
  status: 'answered' | 'not-found' | 'passages';
  /** The answer without a model: the passages shown and the reader's outcome. */
  reading?: PassageReading;
}
