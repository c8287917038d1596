/**
 * One thorough run as its refinement stages see it (the question, the run-wide evidence pool and
 * the options), and the budget rule every stage after the proposals follows: a call is made only
 * when it still leaves the ranker its call.
 */
import type { StepContext } from '../../llm/step-context.ts';
import type { TraceEventOf } from '../../llm/trace-events.ts';
import type { Candidate } from './candidate.ts';
import type { EvidencePool } from './evidence-pool.ts';
import type { ThoroughOptions } from './thorough-options.ts';

export interface RefineRun {
  context: StepContext;
  question: string;
  pool: EvidencePool;
  /** How many of the pool's passages the initial search found (prompts list 1..this). */
  initialCount: number;
  options: ThoroughOptions;
}

/** The ranker's call, kept by every stage once there are two candidates or more. */
export function rankerCalls(candidates: number): number {
  return candidates > 1 ? 1 : 0;
}

/** Whether `calls` more calls still leave the ranker its call. */
export function canAffordCall(context: StepContext, candidates: number, calls = 1): boolean {
  return context.budget.remainingCalls - calls >= rankerCalls(candidates);
}

/**
 * Runs `step` on each candidate in turn, while each call still leaves the ranker its call; a
 * candidate it cannot afford is kept as it is, with a `stage-skip` event naming `stage`.
 */
export async function mapAffordable(
  run: RefineRun,
  candidates: readonly Candidate[],
  stage: TraceEventOf<'stage-skip'>['stage'],
  step: (candidate: Candidate) => Promise<Candidate>,
): Promise<Candidate[]> {
  const { context } = run;
  const results: Candidate[] = [];
  for (const candidate of candidates) {
    context.signal?.throwIfAborted();
    if (canAffordCall(context, candidates.length)) {
      results.push(await step(candidate));
      continue;
    }
    context.trace.emitStep('stage-skip', 'thorough', {
      stage,
      reason: 'budget',
      candidate: candidate.id,
    });
    results.push(candidate);
  }
  return results;
}
