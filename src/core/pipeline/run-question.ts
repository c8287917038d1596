/**
 * The driver of one answering run: a trace, a follow-up question rewritten to stand alone (when
 * the conversation has earlier turns), the reasoning router (under its own small budget) unless
 * the user chose a strategy, then the chosen strategy under its default budget. It never
 * fails for a spent budget (the answer streamed so far is kept, or the answer says the budget ran
 * out); a stop (abort) and other errors end the trace and propagate.
 */
import {
  FOLLOW_UP_BUDGET,
  followUpWithoutModel,
  rewriteFollowUp,
  withSearchTerms,
  type FollowUpRewrite,
  type HistoryTurn,
} from '../agents/follow-up.ts';
import { routeQuestion } from '../agents/router.ts';
import { BudgetExhaustedError, describeError, isAbortError } from '../errors.ts';
import type { ChatEngine } from '../ports/chat-engine.ts';
import {
  BudgetTracker,
  DEFAULT_BUDGETS,
  ROUTER_BUDGET,
  type Budget,
  type StrategyName,
} from '../llm/budget.ts';
import { LlmClient } from '../llm/llm-client.ts';
import type { PassageReading } from '../answer/reading.ts';
import type { Citation, StrategyAnswer } from '../answer/strategy-answer.ts';
import type { Retriever } from '../ports/retriever.ts';
import type { Strategy } from './strategy.ts';
import { passagesStrategy } from './strategies/passages.ts';
import { Trace, type TraceEvent, type TraceTotals } from '../llm/trace.ts';

export type StrategyChoice = 'auto' | StrategyName;

export interface RunQuestionOptions {
  /** As the user asked it; the trace's `run-start` carries it. */
  question: string;
  /** Earlier exchanges of the conversation, oldest first; with any, the question is a follow-up. */
  history?: readonly HistoryTurn[];
  engine: ChatEngine;
  retriever: Retriever;
  /** `auto`: the router decides; otherwise the user's choice. */
  strategy: StrategyChoice;
  /** The strategies available; one that is missing runs as `single`. */
  strategies: Partial<Record<StrategyName, Strategy>> & { single: Strategy };
  signal?: AbortSignal;
  onEvent?: (event: TraceEvent) => void;
  onAnswerDelta?: (text: string) => void;
  /** Budgets by strategy; the defaults where absent. */
  budgets?: Partial<Record<StrategyName, Budget>>;
  /** For tests: the trace's clock. */
  clock?: () => number;
}

export interface RunQuestionResult {
  answer: string;
  citations: Citation[];
  /** The answer without a model (the `passages` strategy): passages shown and the outcome. */
  reading?: PassageReading;
  /** `out-of-budget`: the strategy spent its budget before it finished. */
  status: StrategyAnswer['status'] | 'out-of-budget';
  /** The strategy that ran. */
  strategy: StrategyName;
  totals: TraceTotals;
  trace: Trace;
}

const STEP = 'driver';

export async function runQuestion(options: RunQuestionOptions): Promise<RunQuestionResult> {
  const trace = new Trace(options.clock);
  if (options.onEvent) trace.subscribe(options.onEvent);
  const { id, kind } = options.engine.info;
  trace.emit({
    type: 'run-start',
    question: options.question,
    strategy: options.strategy,
    engine: { id, kind },
  });
  let streamed = '';
  const onAnswerDelta = (text: string) => {
    streamed += text;
    options.onAnswerDelta?.(text);
  };
  try {
    const asked = await standaloneQuestion(options, trace);
    const { name, searchQuery } = await chooseStrategy(
      { ...options, question: asked.question },
      trace,
    );
    const strategy = resolveStrategy(options, name, trace);
    const budget = new BudgetTracker(
      options.budgets?.[strategy.name] ?? DEFAULT_BUDGETS[strategy.name],
      trace,
    );
    const llm = new LlmClient({ engine: options.engine, trace, budget, signal: options.signal });
    let answer: Omit<RunQuestionResult, 'strategy' | 'totals' | 'trace'>;
    try {
      const result = await strategy.run({
        question: asked.question,
        searchQuery:
          asked.searchTerms.length > 0
            ? withSearchTerms(searchQuery ?? asked.question, asked.searchTerms)
            : searchQuery,
        llm,
        budget,
        trace,
        retriever: options.retriever,
        signal: options.signal,
        onAnswerDelta,
      });
      answer = {
        answer: result.text,
        citations: result.citations,
        status: result.status,
        ...(result.reading ? { reading: result.reading } : {}),
      };
    } catch (error) {
      if (!(error instanceof BudgetExhaustedError)) throw error;
      const text = streamed.trim() || error.message;
      if (!streamed.trim()) onAnswerDelta(text);
      answer = { answer: text, citations: [], status: 'out-of-budget' };
    }
    trace.emit({ type: 'run-end', outcome: 'answered' });
    return { ...answer, strategy: strategy.name, totals: trace.totals(), trace };
  } catch (error) {
    const outcome = isAbortError(error) ? 'stopped' : 'failed';
    trace.emit({
      type: 'run-end',
      outcome,
      ...(outcome === 'failed' ? { error: describeError(error) } : {}),
    });
    throw error;
  }
}

/** The question to answer: a follow-up rewritten to stand alone (its own budget), else as asked. */
async function standaloneQuestion(
  options: RunQuestionOptions,
  trace: Trace,
): Promise<Pick<FollowUpRewrite, 'question' | 'searchTerms'>> {
  if (!options.history?.length) return { question: options.question, searchTerms: [] };
  if (withoutModel(options.engine)) {
    return followUpWithoutModel(trace, { question: options.question, history: options.history });
  }
  const budget = new BudgetTracker(FOLLOW_UP_BUDGET, trace);
  const llm = new LlmClient({ engine: options.engine, trace, budget, signal: options.signal });
  return rewriteFollowUp({ llm, trace }, { question: options.question, history: options.history });
}

/** Whether no language model answers: the extractive engine reads passages instead. */
function withoutModel(engine: ChatEngine): boolean {
  return engine.info.kind === 'extractive';
}

/**
 * Without a model, the answer from the passages (whatever was asked: the other strategies need a
 * model); otherwise the user's strategy, or the router's choice (with its search query).
 */
async function chooseStrategy(
  options: RunQuestionOptions,
  trace: Trace,
): Promise<{ name: StrategyName; searchQuery?: string }> {
  if (withoutModel(options.engine)) {
    const asked = options.strategy === 'auto' || options.strategy === 'passages';
    trace.emitStep('strategy-choose', STEP, {
      strategy: 'passages',
      reason: asked
        ? 'No language model is set up: answered from the passages directly.'
        : `The "${options.strategy}" strategy needs a language model, and none is set up: answered from the passages directly.`,
      by: 'engine',
    });
    return { name: 'passages' };
  }
  if (options.strategy !== 'auto') {
    trace.emitStep('strategy-choose', STEP, {
      strategy: options.strategy,
      reason: 'Chosen in settings.',
      by: 'user',
    });
    return { name: options.strategy };
  }
  const budget = new BudgetTracker(ROUTER_BUDGET, trace);
  const llm = new LlmClient({ engine: options.engine, trace, budget, signal: options.signal });
  const decision = await routeQuestion({ llm, trace }, { question: options.question });
  return { name: decision.strategy, searchQuery: decision.query };
}

/** The named strategy, or `single` when it is not available here. */
function resolveStrategy(
  options: RunQuestionOptions,
  name: StrategyName,
  trace: Trace,
): { name: StrategyName; run: Strategy } {
  const run = name === 'passages' ? passagesStrategy : options.strategies[name];
  if (run) return { name, run };
  trace.emitStep('strategy-fallback', STEP, {
    wanted: name,
    running: 'single',
    reason: `The "${name}" strategy is not available here.`,
  });
  return { name: 'single', run: options.strategies.single };
}
