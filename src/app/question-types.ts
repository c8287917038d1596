/** Plain data of question answering, exchanged between the library worker and the UI. */
import type { TurnCitation } from '../core/conversation/conversation.ts';
export type {
  AnswerEngineSetting,
  WebLlmCacheBackend,
  WebLlmEngineSetting,
} from '../catalogues/answer-engines.ts';
import type { PassageReading } from '../core/answer/reading.ts';
import type { HistoryTurn } from '../core/agents/follow-up.ts';
import type { StrategyChoice } from '../core/pipeline/run-question.ts';
import type { StrategyName } from '../core/llm/budget.ts';
import type { TraceEvent, TraceTotals } from '../core/llm/trace.ts';

export type { HistoryTurn, StrategyChoice, StrategyName, TraceEvent, TraceTotals };
export type {
  NeedsModelReason,
  PassageReading,
  ReadingOutcome,
  ReadPassage,
  ReadSpan,
} from '../core/answer/reading.ts';
export type {
  Conversation,
  ConversationSummary,
  ConversationTurn,
  TurnCitation,
  TurnStatus,
} from '../core/conversation/conversation.ts';

export interface AskRequest {
  /** Names the run for `stopAsking`. */
  jobId: string;
  question: string;
  /** The conversation's earlier exchanges, oldest first; the question is then a follow-up. */
  history?: HistoryTurn[];
  /** Only these collections; every collection when absent. */
  collectionIds?: string[];
  strategy: StrategyChoice;
  /** How many agents compete on each sub-question of `plan`; 1 when absent. */
  competitors?: Competitors;
  /** How many candidate answers `thorough` writes; the strategy's default (2) when absent. */
  thoroughCandidates?: ThoroughCandidates;
}

export type Competitors = 1 | 2 | 3;

export type ThoroughCandidates = 1 | 2 | 3;

/** A cited source: the `[n]`, its chunk, and where that chunk is (path, page, collection). */
export type AskCitation = TurnCitation;

export interface AskResult {
  /** Markdown-ish text with `[n]` citations. */
  answer: string;
  citations: AskCitation[];
  /**
   * `passages`: answered without a language model, with relevant passages but no short answer
   * (see `reading`).
   */
  status: 'answered' | 'passages' | 'not-found' | 'out-of-budget';
  /** The strategy that ran. */
  strategy: StrategyName;
  totals: TraceTotals;
  /** The answer read without a language model (the `passages` strategy), when it ran. */
  reading?: PassageReading;
}

/** Loading an on-device model: web-llm's progress text and fraction (0 to 1). */
export interface AnswerEngineProgress {
  text: string;
  fraction: number;
}

export type AnswerEngineTest =
  | { ok: true; models: string[]; modelListed: boolean }
  | { ok: false; error: { name: string; message: string } };
