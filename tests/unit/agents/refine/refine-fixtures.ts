/**
 * Shared by the refinement tests: a thorough run's context over the scripted engine, whose
 * replies are chosen by the step that asks (so a test states what each step says, not the call
 * order), candidates built from their text, and the evidence pool of the fixed passages.
 */
import {
  ScriptedEngine,
  type RecordedRequest,
} from '../../../../src/adapters/engines/scripted-engine.ts';
import {
  parseCandidateText,
  type Candidate,
  type CandidateScore,
  type InjectedNote,
} from '../../../../src/core/agents/refine/candidate.ts';
import { EvidencePool } from '../../../../src/core/agents/refine/evidence-pool.ts';
import { BudgetTracker, DEFAULT_BUDGETS, type Budget } from '../../../../src/core/llm/budget.ts';
import { LlmClient } from '../../../../src/core/llm/llm-client.ts';
import type { StepContext } from '../../../../src/core/llm/step-context.ts';
import { Trace } from '../../../../src/core/llm/trace.ts';
import type { StepEventType } from '../../../../src/core/llm/trace-events.ts';
import { fieldsOf } from '../../../support/trace-events.ts';
import { FixedRetriever, PASSAGES } from '../agent-fixtures.ts';

export const QUESTION = 'Why are the Varnholm sediment cores drilled in winter?';

/** The lake passages: pool numbers 1 and 2. */
export const LAKE_PASSAGES = PASSAGES.filter(({ collectionId }) => collectionId === 'lakes');

export type RefineStep = 'corrector' | 'anchor-refiner' | 'evaluator' | 'ranker';

/** Which step sent `request` (a JSON repair too), from its schema name or its system prompt. */
export function stepOf(request: RecordedRequest): RefineStep {
  const format = request.responseFormat;
  if (format?.type === 'json' && format.name === 'candidate_scores') return 'evaluator';
  if (format?.type === 'json' && format.name === 'rank_candidates') return 'ranker';
  const system = request.messages[0]?.content ?? '';
  if (system.includes('(the anchor)')) return 'anchor-refiner';
  if (system.includes('then write it again with its errors fixed')) return 'corrector';
  throw new Error(`An unexpected request: ${system.slice(0, 80)}`);
}

export type Replies = Partial<Record<RefineStep, (request: RecordedRequest) => string>>;

/** One reply function per call, answering by step; `calls` bounds how many calls it serves. */
export function byStep(replies: Replies, calls = 60): ((request: RecordedRequest) => string)[] {
  const reply = (request: RecordedRequest) => {
    const step = stepOf(request);
    const handler = replies[step];
    if (!handler) throw new Error(`No scripted reply for the ${step} step.`);
    return handler(request);
  };
  return Array.from({ length: calls }, () => reply);
}

export interface RefineSetupOptions {
  budget?: Partial<Budget>;
  signal?: AbortSignal;
}

export function refineSetup(
  responses: ConstructorParameters<typeof ScriptedEngine>[0],
  options: RefineSetupOptions = {},
) {
  const engine = new ScriptedEngine(responses);
  const trace = new Trace(() => 0);
  const budget = new BudgetTracker({ ...DEFAULT_BUDGETS.thorough, ...options.budget }, trace);
  const llm = new LlmClient({ engine, trace, budget, signal: options.signal });
  const retriever = new FixedRetriever(LAKE_PASSAGES);
  const deltas: string[] = [];
  const context: StepContext = {
    question: QUESTION,
    llm,
    budget,
    trace,
    retriever,
    signal: options.signal,
    onAnswerDelta: (text) => deltas.push(text),
  };
  const steps = <Type extends StepEventType>(type: Type) => fieldsOf(trace.events, type);
  /** The step of each call, in order (repairs under their step's name). */
  const calls = (): string[] =>
    trace.events.flatMap((event) =>
      event.type === 'llm-call-start'
        ? [event.attempt === 'repair' ? `${event.step}:repair` : event.step]
        : [],
    );
  const pool = new EvidencePool(LAKE_PASSAGES);
  return { engine, trace, budget, llm, context, retriever, deltas, steps, calls, pool };
}

export function candidate(
  id: number,
  text: string,
  extra: Partial<Omit<Candidate, 'id' | 'text' | 'reasoning' | 'answer'>> = {},
): Candidate {
  const { reasoning, answer } = parseCandidateText(text);
  return { id, text, reasoning, answer, notes: [], stage: 'proposal', ...extra };
}

export function note(passageNumbers: number[], text: string): InjectedNote {
  return { span: 'uncertain', queries: ['cores winter'], passageNumbers, text };
}

export function score(q: number, extra: Partial<CandidateScore> = {}): CandidateScore {
  return {
    logic: q,
    answer: q,
    explanation: q,
    q,
    suggestions: '',
    decidedBy: 'evaluator',
    ...extra,
  };
}

export function scores(logic: number, answer: number, explanation: number, suggestions = '') {
  return JSON.stringify({
    logicScore: logic,
    answerScore: answer,
    explanationScore: explanation,
    suggestions,
  });
}

/** The user message of a request (instructions, passages, context, question). */
export function userText(request: RecordedRequest | undefined): string {
  return request?.messages.find(({ role }) => role === 'user')?.content ?? '';
}

/** The candidate blocks of a request's prompt, in order: id and body. */
export function candidateBlocks(request: RecordedRequest): { id: number; body: string }[] {
  return [...userText(request).matchAll(/<candidate id="(\d+)">\n([\s\S]*?)\n<\/candidate>/g)].map(
    (match) => ({ id: Number(match[1]), body: match[2] ?? '' }),
  );
}
