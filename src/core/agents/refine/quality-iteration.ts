/**
 * Quality-aware iterative reasoning, QAIR (eigen-agent-monitor-rag): every candidate is scored
 * (round 0); while some fail (q below the threshold) and a round is left, each failing one goes
 * back to the corrector with the evaluator's suggestions and only it is scored again. Candidates
 * that passed are never touched again. A rework the corrector keeps unchanged is not scored again
 * (it stays failing, with its old score). The loop stops when none fails (`passed`), the budget's
 * rounds are spent (`rounds`), or a rework and its scoring would take the ranker's call
 * (`budget`); it reports why in `qair-end`.
 */
import { QUALITY_THRESHOLD, type Candidate } from './candidate.ts';
import { correctCandidate } from './corrector.ts';
import { scoreCandidate } from './evaluator.ts';
import { canAffordCall, mapAffordable, type RefineRun } from './refine-run.ts';

/** A rework is the corrector's call and the evaluator's. */
const CALLS_PER_REWORK = 2;
const STEP = 'thorough';

type StopReason = 'passed' | 'rounds' | 'budget';

/** The candidates after QAIR, scored (or as given, with `stage-skip`, when it is disabled). */
export async function improveQuality(
  run: RefineRun,
  candidates: readonly Candidate[],
): Promise<Candidate[]> {
  const { context } = run;
  if (!run.options.qair) {
    context.trace.emitStep('stage-skip', STEP, { stage: 'qair', reason: 'disabled' });
    return [...candidates];
  }
  const current = await scoreAll(run, candidates);
  let failed = current.filter(isFailing).map(({ id }) => id);
  let reason: StopReason;
  for (;;) {
    if (failed.length === 0) reason = 'passed';
    else if (!context.budget.canStartRound()) reason = 'rounds';
    else if (!canAffordCall(context, current.length, CALLS_PER_REWORK)) reason = 'budget';
    else {
      failed = await reworkRound(run, current, failed);
      continue;
    }
    break;
  }
  context.trace.emitStep('qair-end', STEP, {
    reason,
    rounds: context.budget.roundsStarted,
    failed,
  });
  return current;
}

/** Round 0: every candidate scored, as long as each score leaves the ranker its call. */
function scoreAll(run: RefineRun, candidates: readonly Candidate[]): Promise<Candidate[]> {
  return mapAffordable(run, candidates, 'scoring', async (candidate) => {
    const score = await scoreCandidate(run.context, {
      question: run.question,
      candidate,
      pool: run.pool,
      initialCount: run.initialCount,
      round: 0,
    });
    return { ...candidate, score };
  });
}

/** One round: the failing candidates reworked and scored again, in place; the ids still failing. */
async function reworkRound(
  run: RefineRun,
  current: Candidate[],
  failed: readonly number[],
): Promise<number[]> {
  const { context } = run;
  const round = context.budget.startRound('qair');
  const stillFailing: number[] = [];
  for (const [position, id] of failed.entries()) {
    context.signal?.throwIfAborted();
    const index = current.findIndex((candidate) => candidate.id === id);
    const candidate = current[index];
    if (!candidate) continue;
    if (!canAffordCall(context, current.length, CALLS_PER_REWORK)) {
      stillFailing.push(...failed.slice(position));
      break;
    }
    context.trace.emitStep('candidate-rework', STEP, { candidate: id, round });
    const reworked = await correctCandidate(context, {
      question: run.question,
      candidate,
      pool: run.pool,
      initialCount: run.initialCount,
      suggestions: candidate.score?.suggestions ?? '',
    });
    if (reworked === candidate) {
      stillFailing.push(id);
      continue;
    }
    const score = await scoreCandidate(context, {
      question: run.question,
      candidate: reworked,
      pool: run.pool,
      initialCount: run.initialCount,
      round,
    });
    current[index] = { ...reworked, score };
    if (score.q < QUALITY_THRESHOLD) stillFailing.push(id);
  }
  return stillFailing;
}

function isFailing(candidate: Candidate): boolean {
  return candidate.score !== undefined && candidate.score.q < QUALITY_THRESHOLD;
}
