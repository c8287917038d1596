/**
 * `thorough`, for hard questions (eigen-agent-monitor-rag): one search, then n candidate answers
 * proposed in turn (with the proposer's implicit retrieval), each corrected on its own, refined
 * against its peers with every candidate the anchor once (HSR), scored, with only the failing
 * ones reworked from the evaluator's suggestions for at most `maxRounds` rounds (QAIR), and the
 * best picked by the ranker. Calls are planned against the budget: each proposal is told how many
 * calls the later stages need (`reserveCalls`); fewer candidates are proposed when even the
 * proposals and the ranker cannot all be afforded; every later call is made only when it leaves
 * the ranker its call (a stage that cannot run emits `stage-skip`). The run throws
 * `BudgetExhaustedError` only when not one proposal can be made.
 */
import { correctCandidate } from '../../agents/refine/corrector.ts';
import { refineAnchor } from '../../agents/refine/anchor-refiner.ts';
import type { Candidate } from '../../agents/refine/candidate.ts';
import { EvidencePool } from '../../agents/refine/evidence-pool.ts';
import type { ProposeInput } from '../../agents/refine/proposal-call.ts';
import { composeAnswer } from '../../agents/refine/final-answer.ts';
import { improveQuality } from '../../agents/refine/quality-iteration.ts';
import { rankCandidates } from '../../agents/refine/ranker.ts';
import { mapAffordable, rankerCalls, type RefineRun } from '../../agents/refine/refine-run.ts';
import {
  DEFAULT_THOROUGH_OPTIONS,
  type ThoroughOptions,
} from '../../agents/refine/thorough-options.ts';
import { NOT_FOUND_TEXT } from '../../agents/coordinator.ts';
import { BudgetExhaustedError } from '../../errors.ts';
import type { Strategy } from '../strategy.ts';
import type { StrategyAnswer } from '../../answer/strategy-answer.ts';
import type { StepContext } from '../../llm/step-context.ts';
import { SEARCH_K, selectCollections } from './single.ts';

/** The proposer's signature. */
export type Propose = (context: StepContext, request: ProposeInput) => Promise<Candidate>;

export type ThoroughStrategyOptions = Partial<ThoroughOptions> & { propose: Propose };

/** Sampling temperature of candidate 1, 2, 3: diverse proposals. */
export const PROPOSAL_TEMPERATURES = [0.3, 0.7, 0.9] as const;
const STEP = 'thorough';

export function createThoroughStrategy(options: ThoroughStrategyOptions): Strategy {
  const { propose, ...overrides } = options;
  const settings: ThoroughOptions = { ...DEFAULT_THOROUGH_OPTIONS, ...overrides };
  return async (context) => {
    const query = context.searchQuery ?? context.question;
    const collectionIds = await selectCollections(context, query, STEP);
    context.trace.emitStep('retrieval-start', STEP, { query, collectionIds, k: SEARCH_K });
    const evidence = await context.retriever.search(query, {
      collectionIds,
      k: SEARCH_K,
      signal: context.signal,
    });
    context.trace.emitStep('retrieval-end', STEP, {
      passages: evidence.map(({ id, score }) => ({ id, score })),
    });
    if (evidence.length === 0) return notFound(context);
    context.trace.emitStep('thorough-start', STEP, { ...settings, passages: evidence.length });
    const run: RefineRun = {
      context,
      question: context.question,
      pool: new EvidencePool(evidence),
      initialCount: evidence.length,
      options: settings,
    };
    let candidates = await proposeAll(run, collectionIds, propose);
    candidates = await correctAll(run, candidates);
    candidates = await refineAll(run, candidates);
    candidates = await improveQuality(run, candidates);
    context.signal?.throwIfAborted();
    const ranked = await rankCandidates(context, {
      question: run.question,
      candidates,
      pool: run.pool,
      initialCount: run.initialCount,
    });
    const answer = composeAnswer(context, { chosen: ranked.chosen, candidates, pool: run.pool });
    context.onAnswerDelta?.(answer.text);
    context.trace.emitStep('thorough-end', STEP, {
      chosen: answer.candidate,
      candidates: candidates.length,
      rounds: context.budget.roundsStarted,
    });
    return { text: answer.text, citations: answer.citations, status: answer.status };
  };
}

/** Calls the stages after the proposals need for `candidates`: correction, HSR, scoring, ranker. */
export function laterStageCalls(candidates: number, options: ThoroughOptions): number {
  const refinement = options.hsr && candidates > 1 ? candidates : 0;
  const scoring = options.qair ? candidates : 0;
  return candidates + refinement + scoring + rankerCalls(candidates);
}

/** The most of `wanted` more proposals that `remaining` calls pay for, with the ranker's call. */
export function affordableProposals(remaining: number, proposed: number, wanted: number): number {
  for (let more = wanted; more > 0; more -= 1) {
    if (more + rankerCalls(proposed + more) <= remaining) return more;
  }
  return 0;
}

async function proposeAll(
  run: RefineRun,
  collectionIds: readonly string[],
  propose: Propose,
): Promise<Candidate[]> {
  const { context, options } = run;
  let planned: number = options.candidates;
  const candidates: Candidate[] = [];
  const proposeFewer = (proposing: number) => {
    planned = proposing;
    context.trace.emitStep('stage-skip', STEP, {
      stage: 'proposal',
      reason: 'budget',
      planned: options.candidates,
      proposing,
    });
  };
  while (candidates.length < planned) {
    context.signal?.throwIfAborted();
    const wanted = planned - candidates.length;
    const affordable = affordableProposals(
      context.budget.remainingCalls,
      candidates.length,
      wanted,
    );
    // Not one call left for even one proposal: this throws, after its trace event.
    if (affordable === 0 && candidates.length === 0) context.budget.useCall('proposer');
    if (affordable < wanted) proposeFewer(candidates.length + affordable);
    if (affordable === 0) break;
    const id = candidates.length + 1;
    try {
      candidates.push(
        await propose(context, {
          question: run.question,
          candidateId: id,
          pool: run.pool,
          initialCount: run.initialCount,
          collectionIds,
          options,
          reserveCalls: planned - id + laterStageCalls(planned, options),
          temperature: PROPOSAL_TEMPERATURES[id - 1] ?? PROPOSAL_TEMPERATURES[2],
        }),
      );
    } catch (error) {
      // A later proposal that ran out of calls: go on with the candidates there are.
      if (!(error instanceof BudgetExhaustedError) || candidates.length === 0) throw error;
      proposeFewer(candidates.length);
    }
  }
  return candidates;
}

function correctAll(run: RefineRun, candidates: readonly Candidate[]): Promise<Candidate[]> {
  return mapAffordable(run, candidates, 'correction', (candidate) =>
    correctCandidate(run.context, {
      question: run.question,
      candidate,
      pool: run.pool,
      initialCount: run.initialCount,
    }),
  );
}

/** HSR: every candidate the anchor once, refined against the others as they were before. */
async function refineAll(run: RefineRun, candidates: readonly Candidate[]): Promise<Candidate[]> {
  const { context } = run;
  if (!run.options.hsr || candidates.length < 2) {
    context.trace.emitStep('stage-skip', STEP, {
      stage: 'hsr',
      reason: run.options.hsr ? 'single-candidate' : 'disabled',
    });
    return [...candidates];
  }
  return mapAffordable(run, candidates, 'hsr', (anchor) =>
    refineAnchor(context, {
      question: run.question,
      anchor,
      references: candidates.filter(({ id }) => id !== anchor.id),
      pool: run.pool,
      initialCount: run.initialCount,
    }),
  );
}

function notFound(context: StepContext): StrategyAnswer {
  context.onAnswerDelta?.(NOT_FOUND_TEXT);
  context.trace.emitStep('thorough-end', STEP, { candidates: 0, rounds: 0 });
  return { text: NOT_FOUND_TEXT, citations: [], status: 'not-found' };
}
