/** A planner run's context over the scripted engine, and sub-answers from a fixed table. */
import {
  ScriptedEngine,
  type ScriptedResponse,
} from '../../../../src/adapters/engines/scripted-engine.ts';
import type { SubAnswer } from '../../../../src/core/agents/planner/agent-round.ts';
import { BudgetTracker, DEFAULT_BUDGETS, type Budget } from '../../../../src/core/llm/budget.ts';
import { LlmClient } from '../../../../src/core/llm/llm-client.ts';
import type { Evidence, Retriever } from '../../../../src/core/ports/retriever.ts';
import type { StepContext } from '../../../../src/core/llm/step-context.ts';
import { Trace } from '../../../../src/core/llm/trace.ts';
import type { StepEventType } from '../../../../src/core/llm/trace-events.ts';
import { fieldsOf } from '../../../support/trace-events.ts';

export const QUESTION = 'In which city was the architect of the Harbour Library born?';

export function passage(id: string, text: string): Evidence {
  return { id, text, collectionId: 'notes', path: `notes/${id}.md`, score: 1 };
}

export const ARCHITECT = passage(
  'chunk-architect',
  'The Harbour Library was designed by Mira Olsen.',
);
export const BIRTHPLACE = passage('chunk-birthplace', 'Mira Olsen was born in Bergen in 1961.');

const emptyRetriever: Retriever = {
  collections: () => Promise.resolve([{ id: 'notes', name: 'Notes' }]),
  route: () => Promise.resolve(['notes']),
  search: () => Promise.resolve([]),
};

export function json(value: unknown): string {
  return JSON.stringify(value);
}

export interface SetupOptions {
  budget?: Partial<Budget>;
  signal?: AbortSignal;
  question?: string;
  retriever?: Retriever;
}

export function setup(responses: ScriptedResponse[], options: SetupOptions = {}) {
  const engine = new ScriptedEngine(responses);
  const trace = new Trace(() => 0);
  const budget = new BudgetTracker({ ...DEFAULT_BUDGETS.plan, ...options.budget }, trace);
  const llm = new LlmClient({ engine, trace, budget, signal: options.signal });
  const deltas: string[] = [];
  const context: StepContext = {
    question: options.question ?? QUESTION,
    llm,
    budget,
    trace,
    retriever: options.retriever ?? emptyRetriever,
    signal: options.signal,
    onAnswerDelta: (text) => deltas.push(text),
  };
  const steps = <Type extends StepEventType>(type: Type) => fieldsOf(trace.events, type);
  const fallbacks = () =>
    trace.events.flatMap((event) => (event.type === 'llm-call-fallback' ? [event.step] : []));
  return { engine, trace, budget, context, deltas, steps, fallbacks };
}

/** Answers the sub-questions in `table` (matched exactly), and nothing else. */
export function answerFrom(table: Record<string, SubAnswer>) {
  const asked: string[] = [];
  const answer = (_context: StepContext, subQuestion: string): Promise<SubAnswer> => {
    asked.push(subQuestion);
    return Promise.resolve(table[subQuestion] ?? { answer: null, evidence: [] });
  };
  return { answer, asked };
}
