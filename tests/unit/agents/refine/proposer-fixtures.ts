/**
 * Shared by the proposer tests: a thorough run's context over the scripted engine streaming in
 * many small pieces (so the monitor can interrupt mid-stream), a lake library whose two extra
 * passages are what the monitor's retrieval finds, and texts built to fire (or not) the monitor.
 */
import {
  ScriptedEngine,
  type ScriptedResponse,
} from '../../../../src/adapters/engines/scripted-engine.ts';
import { EvidencePool } from '../../../../src/core/agents/refine/evidence-pool.ts';
import type { ProposeInput } from '../../../../src/core/agents/refine/proposer.ts';
import {
  DEFAULT_THOROUGH_OPTIONS,
  type ThoroughOptions,
} from '../../../../src/core/agents/refine/thorough-options.ts';
import { BudgetTracker, DEFAULT_BUDGETS, type Budget } from '../../../../src/core/llm/budget.ts';
import { LlmClient } from '../../../../src/core/llm/llm-client.ts';
import type { Evidence, RetrieveOptions } from '../../../../src/core/ports/retriever.ts';
import type { StepContext } from '../../../../src/core/llm/step-context.ts';
import { Trace } from '../../../../src/core/llm/trace.ts';
import type { StepEventType, TraceEventOf } from '../../../../src/core/llm/trace-events.ts';
import { fieldsOf } from '../../../support/trace-events.ts';
import type { ChatEngine } from '../../../../src/core/ports/chat-engine.ts';
import { FixedRetriever, PASSAGES } from '../agent-fixtures.ts';

export const QUESTION = 'Why are the Varnholm sediment cores drilled in winter?';

/** The initial passages: pool numbers 1 and 2. */
export const INITIAL = PASSAGES.filter(({ collectionId }) => collectionId === 'lakes');

/** What the monitor's searches find beyond the initial passages: pool numbers 3 and 4. */
export const FOUND: Evidence[] = [
  {
    id: 'cores.md#0',
    text: 'Winter ice on the lake is thick enough to carry the drilling rig over the deepest basin. Summer work needs a boat.',
    collectionId: 'lakes',
    path: 'cores.md',
    score: 0.7,
  },
  {
    id: 'cores.md#1',
    text: 'A boat drifts too much for coring, so summer cores are short.',
    collectionId: 'lakes',
    path: 'cores.md',
    score: 0.6,
  },
];

/** A fixed retriever that can run a hook on each search (e.g. to stop the run). */
export class HookedRetriever extends FixedRetriever {
  onSearch: ((query: string) => void) | undefined;

  override async search(query: string, options: RetrieveOptions): Promise<Evidence[]> {
    this.onSearch?.(query);
    return super.search(query, options);
  }
}

/** A sentence free of gap signals (its words are in the question or the initial passages). */
export const PLAIN =
  'Sediment cores are drilled every winter from the ice [2]. The station sits at 312 metres [1]. ';
/** A sentence with a hedge. */
export const HEDGED = 'The reason is possibly that the ice is firm enough to stand on. ';

/** Plain sentences up to at least `characters`. */
export function plain(characters: number): string {
  return PLAIN.repeat(Math.ceil(characters / PLAIN.length));
}

export interface ProposerSetupOptions {
  budget?: Partial<Budget>;
  signal?: AbortSignal;
  /** Pieces each scripted response streams in (default 40). */
  pieces?: number;
  engine?: ChatEngine;
}

export function proposerSetup(responses: ScriptedResponse[], options: ProposerSetupOptions = {}) {
  const scripted = new ScriptedEngine(responses, { piecesPerResponse: options.pieces ?? 40 });
  const engine = options.engine ?? scripted;
  const trace = new Trace(() => 0);
  const budget = new BudgetTracker({ ...DEFAULT_BUDGETS.thorough, ...options.budget }, trace);
  const llm = new LlmClient({ engine, trace, budget, signal: options.signal });
  const retriever = new HookedRetriever([...INITIAL, ...FOUND]);
  const context: StepContext = {
    question: QUESTION,
    llm,
    budget,
    trace,
    retriever,
    signal: options.signal,
  };
  const pool = new EvidencePool(INITIAL);
  const input = (
    options: Partial<ThoroughOptions> = {},
    extra: Partial<ProposeInput> = {},
  ): ProposeInput => ({
    question: QUESTION,
    candidateId: 1,
    pool,
    initialCount: INITIAL.length,
    collectionIds: ['lakes'],
    options: { ...DEFAULT_THOROUGH_OPTIONS, ...options },
    reserveCalls: 0,
    temperature: 0.7,
    ...extra,
  });
  const steps = <Type extends StepEventType>(type: Type) => fieldsOf(trace.events, type);
  /** The step of each call, in order (repairs as `step:repair`). */
  const calls = (): string[] =>
    trace.events.flatMap((event) =>
      event.type === 'llm-call-start'
        ? [event.attempt === 'repair' ? `${event.step}:repair` : event.step]
        : [],
    );
  const ends = (): TraceEventOf<'llm-call-end'>[] =>
    trace.events.filter((event) => event.type === 'llm-call-end');
  return {
    engine: scripted,
    trace,
    budget,
    llm,
    context,
    retriever,
    pool,
    input,
    steps,
    calls,
    ends,
  };
}
