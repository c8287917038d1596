/** Plain data of question answering, exchanged between the library worker and the UI. */
import type { StrategyChoice } from '../../core/pipeline/run-question.ts';
import type { StrategyName } from '../../core/pipeline/budget.ts';
import type { TraceEvent, TraceTotals } from '../../core/pipeline/trace.ts';

export type { StrategyChoice, StrategyName, TraceEvent, TraceTotals };

export interface AskRequest {
  /** Names the run for `stopAsking`. */
  jobId: string;
  question: string;
  /** Only these collections; every collection when absent. */
  collectionIds?: string[];
  strategy: StrategyChoice;
}

export interface AskCitation {
  /** The `[n]` in the answer text. */
  number: number;
  chunkId: string;
}

export interface AskResult {
  /** Markdown-ish text with `[n]` citations. */
  answer: string;
  citations: AskCitation[];
  status: 'answered' | 'not-found' | 'out-of-budget';
  /** The strategy that ran. */
  strategy: StrategyName;
  totals: TraceTotals;
}

/** The engine that answers: no model at all, or an OpenAI-compatible server the user runs. */
export type AnswerEngineSetting =
  { kind: 'extractive' } | { kind: 'openai'; baseUrl: string; model: string };

export type AnswerEngineTest =
  | { ok: true; models: string[]; modelListed: boolean }
  | { ok: false; error: { name: string; message: string } };
