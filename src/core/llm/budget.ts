/**
 * What one answering run may spend. The router's call runs under {@link ROUTER_BUDGET}, the
 * strategy it picks (or the user forces) under its own; each stops when its budget is spent, so
 * every run terminates: loops are bounded by rounds, and every model call (repairs included)
 * counts against the calls.
 */
import { BudgetExhaustedError } from '../errors.ts';
import type { Trace } from './trace.ts';

export interface Budget {
  /** Model calls, every step's and every repair call's. */
  maxLlmCalls: number;
  /** Iterations of the strategy's loop (planner rounds, unified-agent searches, QAIR rounds). */
  maxRounds: number;
  /** Prompt tokens per call; the model's context window may lower it further. */
  maxPromptTokens: number;
  /** Completion tokens per call, and the default a call asks for. */
  maxCompletionTokens: number;
}

/**
 * `passages` is the answer without a language model (the reader over the best passages); it runs
 * whenever the engine is extractive, whatever was asked.
 */
export type StrategyName = 'direct' | 'single' | 'plan' | 'unified' | 'thorough' | 'passages';

/** The reasoning router: one short JSON call (strategy, reason, query) and its repair. */
export const ROUTER_BUDGET: Readonly<Budget> = {
  maxLlmCalls: 2,
  maxRounds: 1,
  maxPromptTokens: 1536,
  maxCompletionTokens: 160,
};

/**
 * Defaults for a small on-device model (4k context window, some 10-30 tokens a second), where a
 * call costs seconds. Prompts stay at 3,072 tokens so that 512 of completion and the safety
 * margin fit a 4,096 window; control steps should ask for far fewer completion tokens.
 *
 * - direct: the answer, from the model's own knowledge.
 * - single: evidence filter, answer, and room for repairs.
 * - plan: per round split, select, the sub-answer by the single path (filter, specialist,
 *   coordinator), fact extraction and judge (about seven calls), three rounds, the defender's
 *   final answer and a few repairs.
 * - unified: per search a thought/action call and the evidence reflector, four searches, the
 *   final answer and repairs.
 * - thorough (DEFAULT_THOROUGH_OPTIONS: 2 candidates, at most 2 injections and 3 monitor checks
 *   each, HSR and QAIR on), at worst: per candidate the first generation 1, the monitor's checks
 *   3, and per injection the querier, the injector and the continued generation 2 × 3 = 6 (a
 *   note's 4 calls with its check), so 10, and 2 × 10 = 20; correction 2; HSR 2; QAIR's first
 *   scoring 2; two rework rounds of at most 2 × (rework + score) = 4 each, 8; the ranker 1:
 *   20 + 2 + 2 + 2 + 8 + 1 = 35, and 5 for repairs of malformed JSON = 40. The mandatory path
 *   (two plain proposals, correction, HSR, scoring, ranker) is 9. Each proposal is told to leave
 *   the later stages' calls, and every later call leaves the ranker's, so a run that spends more
 *   on notes or repairs loses rework rounds and stages first, never its answer. maxRounds 2 is
 *   QAIR's rework rounds; longer completions for worked reasoning.
 * - passages: no model call at all.
 */
export const DEFAULT_BUDGETS: Readonly<Record<StrategyName, Readonly<Budget>>> = {
  direct: { maxLlmCalls: 1, maxRounds: 1, maxPromptTokens: 1536, maxCompletionTokens: 512 },
  single: { maxLlmCalls: 4, maxRounds: 1, maxPromptTokens: 3072, maxCompletionTokens: 512 },
  plan: { maxLlmCalls: 26, maxRounds: 3, maxPromptTokens: 3072, maxCompletionTokens: 512 },
  unified: { maxLlmCalls: 12, maxRounds: 4, maxPromptTokens: 3072, maxCompletionTokens: 512 },
  thorough: { maxLlmCalls: 40, maxRounds: 2, maxPromptTokens: 3072, maxCompletionTokens: 768 },
  passages: { maxLlmCalls: 0, maxRounds: 0, maxPromptTokens: 0, maxCompletionTokens: 0 },
};

/**
 * Counts what a run has spent. `useCall` and `startRound` throw {@link BudgetExhaustedError}
 * (after a `budget-exhausted` trace event) when nothing is left; `canCall`, `canStartRound` and
 * `remainingCalls` let a strategy stop first, e.g. to keep a call for its final answer.
 */
export class BudgetTracker {
  private callsUsed = 0;
  private roundsUsed = 0;

  constructor(
    readonly budget: Readonly<Budget>,
    private readonly trace?: Trace,
  ) {}

  get llmCallsUsed(): number {
    return this.callsUsed;
  }

  get roundsStarted(): number {
    return this.roundsUsed;
  }

  get remainingCalls(): number {
    return Math.max(0, this.budget.maxLlmCalls - this.callsUsed);
  }

  canCall(): boolean {
    return this.callsUsed < this.budget.maxLlmCalls;
  }

  canStartRound(): boolean {
    return this.roundsUsed < this.budget.maxRounds;
  }

  /** Takes one model call for `step`. */
  useCall(step: string): void {
    if (!this.canCall()) this.exhausted(step, 'llm-calls', this.budget.maxLlmCalls);
    this.callsUsed += 1;
  }

  /** Starts the next round of `step`'s loop; returns its 1-based number. */
  startRound(step: string): number {
    if (!this.canStartRound()) this.exhausted(step, 'rounds', this.budget.maxRounds);
    this.roundsUsed += 1;
    return this.roundsUsed;
  }

  private exhausted(step: string, limit: 'llm-calls' | 'rounds', max: number): never {
    this.trace?.emit({ type: 'budget-exhausted', step, limit, max });
    throw new BudgetExhaustedError(limit, max);
  }
}
