/**
 * `unified` (Agent-UniRAG): one loop for every question, instead of a router's dispatch. Each
 * iteration a thought step decides to search or to answer; a search (routed between collections
 * by knowledge boundary) passes its hits through the evidence reflector, and the passages kept go
 * into the working memory. The loop ends when the step answers, repeats a query already run, or
 * the searches (the budget's rounds) or the calls run out; calls are kept for the final answer,
 * which a specialist and the coordinator write from the working memory, with verified quotes
 * cited as `[n]`. An empty memory gives a not-found answer without a call.
 */
import { coordinateAnswer } from '../../agents/coordinator.ts';
import { FALLBACK_KEPT, filterEvidence } from '../../agents/evidence-filter.ts';
import { answerFromCollection } from '../../agents/specialist.ts';
import { decideUnifiedStep, type WorkingMemory } from '../../agents/unified-step.ts';
import type { Evidence } from '../../ports/retriever.ts';
import type { Strategy } from '../strategy.ts';
import type { StrategyAnswer } from '../../answer/strategy-answer.ts';
import type { StepContext } from '../../llm/step-context.ts';
import { SEARCH_K, selectCollections } from './single.ts';

const STEP = 'unified';
/** Calls kept for the final answer: the specialist's and the coordinator's. */
export const ANSWER_CALLS = 2;
/** Calls one search iteration takes: the thought step and the reflector. */
const CALLS_PER_SEARCH = 2;

type StopReason = 'answer' | 'repeated-query' | 'searches' | 'calls';

export const unifiedStrategy: Strategy = async (context) => {
  const memory: WorkingMemory = { passages: [], queries: [] };
  const defaultQuery = context.searchQuery ?? context.question;
  context.trace.emitStep('unified-start', STEP, {
    maxSearches: context.budget.budget.maxRounds,
    maxCalls: context.budget.budget.maxLlmCalls,
  });
  let reason: StopReason | undefined;
  while (reason === undefined) {
    context.signal?.throwIfAborted();
    reason = loopBlocked(context);
    if (reason !== undefined) break;
    const step = await decideUnifiedStep(context, {
      question: context.question,
      defaultQuery,
      memory,
    });
    const { action, query } = step;
    if (action === 'answer' || query === undefined) reason = 'answer';
    else if (memory.queries.some((done) => sameQuery(done, query))) reason = 'repeated-query';
    else await searchAndRemember(context, memory, query);
  }
  context.trace.emitStep('unified-end', STEP, {
    reason,
    searches: memory.queries.length,
    passages: memory.passages.map(({ id }) => id),
  });
  return writeAnswer(context, memory);
};

/** Why no further search can start, if none can. */
function loopBlocked(context: StepContext): StopReason | undefined {
  if (!context.budget.canStartRound()) return 'searches';
  return context.budget.remainingCalls < ANSWER_CALLS + CALLS_PER_SEARCH ? 'calls' : undefined;
}

async function searchAndRemember(
  context: StepContext,
  memory: WorkingMemory,
  query: string,
): Promise<void> {
  const round = context.budget.startRound(STEP);
  const collectionIds = await selectCollections(context, query, STEP);
  context.trace.emitStep('retrieval-start', STEP, { round, query, collectionIds, k: SEARCH_K });
  const evidence = await context.retriever.search(query, {
    collectionIds,
    k: SEARCH_K,
    signal: context.signal,
  });
  context.trace.emitStep('retrieval-end', STEP, {
    round,
    passages: evidence.map(({ id, score }) => ({ id, score })),
  });
  const kept = await reflect(context, query, evidence);
  memory.queries.push(query);
  const known = new Set(memory.passages.map(({ id }) => id));
  const added = kept.filter(({ id }) => !known.has(id));
  memory.passages.push(...added);
  context.trace.emitStep('memory-update', STEP, {
    round,
    query,
    added: added.map(({ id }) => id),
    passages: memory.passages.length,
  });
}

/** The evidence reflector, unless its call would take one kept for the answer. */
async function reflect(
  context: StepContext,
  query: string,
  evidence: readonly Evidence[],
): Promise<Evidence[]> {
  if (context.budget.remainingCalls <= ANSWER_CALLS) {
    context.trace.emitStep('filter-skip', STEP, { query, reason: 'budget' });
    return evidence.slice(0, FALLBACK_KEPT);
  }
  const filtered = await filterEvidence(context, {
    question: context.question,
    objective: `Find: ${query}`,
    evidence,
  });
  return filtered.kept;
}

async function writeAnswer(context: StepContext, memory: WorkingMemory): Promise<StrategyAnswer> {
  const collectionIds = [...new Set(memory.passages.map(({ collectionId }) => collectionId))];
  const responses =
    memory.passages.length === 0
      ? []
      : [
          await answerFromCollection(context, {
            question: context.question,
            collectionId: collectionIds.join(', '),
            evidence: memory.passages,
          }),
        ];
  const { text, citations, status } = await coordinateAnswer(context, {
    question: context.question,
    responses,
  });
  return { text, citations, status };
}

/** Queries compared case-, punctuation- and spacing-blind. */
function sameQuery(first: string, second: string): boolean {
  return normaliseQuery(first) === normaliseQuery(second);
}

function normaliseQuery(query: string): string {
  return query
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
