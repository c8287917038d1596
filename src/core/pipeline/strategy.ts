/**
 * The one signature every answering strategy shares, and what it works with. A strategy is a
 * small explicit loop over agent steps (src/core/agents); the driver picks it, gives it its own
 * budget, and turns what it returns into the final answer.
 */
import type { PassageReading } from '../answer/reading.ts';
import type { BudgetTracker } from './budget.ts';
import type { LlmClient } from './llm-client.ts';
import type { Trace } from './trace.ts';

/** A retrieved passage, as agents see it. */
export interface Evidence {
  /** Chunk id: what a citation points at. */
  id: string;
  text: string;
  collectionId: string;
  path: string;
  score: number;
}

export interface RetrieveOptions {
  /** Only these collections (a specialist searches its own). */
  collectionIds?: readonly string[];
  k: number;
  /** Also search through bridge entities the first hop's passages mention; fused with the first hop. */
  bridge?: boolean;
  signal?: AbortSignal;
}

/** The document library, as the pipeline needs it. */
export interface Retriever {
  /** Collection ids with their names, for routing and for the trace. */
  collections(): Promise<{ id: string; name: string }[]>;
  /** Knowledge-boundary routing: the collections whose centroids are nearest the query, best first. */
  route(query: string, topK: number, signal?: AbortSignal): Promise<string[]>;
  search(query: string, options: RetrieveOptions): Promise<Evidence[]>;
}

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

export interface StrategyContext {
  question: string;
  /** The router's search query for the question, when it wrote one. */
  searchQuery?: string;
  llm: LlmClient;
  budget: BudgetTracker;
  trace: Trace;
  retriever: Retriever;
  signal?: AbortSignal;
  /** Streams the final answer's text as it is written. */
  onAnswerDelta?: (text: string) => void;
}

export type Strategy = (context: StrategyContext) => Promise<StrategyAnswer>;
