/**
 * What every answering step works with: the question, the model-call runtime (client, budget,
 * trace) and the library to search. A strategy (src/core/pipeline) builds it once per run and
 * hands it to each agent step it takes.
 */
import type { Retriever } from '../ports/retriever.ts';
import type { BudgetTracker } from './budget.ts';
import type { LlmClient } from './llm-client.ts';
import type { Trace } from './trace.ts';

export interface StepContext {
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
