/**
 * `single`: one search, answered by specialists. With more than one collection, knowledge-boundary
 * routing picks the collections owning the query's nearest centroids; each of them searches its
 * own passages, filters them and answers with quotes; the coordinator rates the answers and writes
 * the final one from the good ones. Calls are planned against the budget: the coordinator and
 * one specialist call per collection come first, and a filter whose call would not leave room
 * for them is skipped. Without a filter decision (skipped, or the filter's fallback) the
 * specialist reads all the passages found, by rank, as many as its prompt fits.
 */
import { filterEvidence } from '../../agents/evidence-filter.ts';
import { coordinateAnswer } from '../../agents/coordinator.ts';
import { answerFromCollection, type SpecialistResponse } from '../../agents/specialist.ts';
import type { Strategy } from '../strategy.ts';
import type { StepContext } from '../../llm/step-context.ts';

/** Centroids consulted by knowledge-boundary routing. */
export const ROUTE_TOP_K = 4;
/** Passages each specialist's search returns. */
export const SEARCH_K = 8;
const STEP = 'single';

export const singleStrategy: Strategy = async (context) => {
  const query = context.searchQuery ?? context.question;
  const collectionIds = await selectCollections(context, query, STEP);
  // The coordinator's call, then one specialist call per collection, before any filter.
  const specialists = collectionIds.slice(0, Math.max(1, context.budget.remainingCalls - 1));
  const responses: SpecialistResponse[] = [];
  for (const [position, collectionId] of specialists.entries()) {
    context.trace.emitStep('retrieval-start', STEP, { collectionId, query, k: SEARCH_K });
    const evidence = await context.retriever.search(query, {
      collectionIds: [collectionId],
      k: SEARCH_K,
      signal: context.signal,
    });
    context.trace.emitStep('retrieval-end', STEP, {
      collectionId,
      passages: evidence.map(({ id, score }) => ({ id, score })),
    });
    const callsStillNeeded = specialists.length - position + 1;
    // Without a filter decision the specialist reads every passage, as many as its prompt fits.
    let kept = evidence;
    if (context.budget.remainingCalls > callsStillNeeded) {
      const filtered = await filterEvidence(context, { question: context.question, evidence });
      if (filtered.decidedBy === 'filter') kept = filtered.kept;
    } else {
      context.trace.emitStep('filter-skip', STEP, { collectionId, reason: 'budget' });
    }
    if (kept.length === 0) {
      responses.push({ collectionId, analysis: '', quotes: [], answer: null });
      continue;
    }
    responses.push(
      await answerFromCollection(context, {
        question: context.question,
        collectionId,
        evidence: kept,
      }),
    );
  }
  const { text, citations, status } = await coordinateAnswer(context, {
    question: context.question,
    responses,
  });
  return { text, citations, status };
};

/**
 * All collections when there is one, else those knowledge-boundary routing picks (traced as
 * `collections-route` under `step`).
 */
export async function selectCollections(
  context: StepContext,
  query: string,
  step: string,
): Promise<string[]> {
  const collections = await context.retriever.collections();
  const all = collections.map(({ id }) => id);
  if (all.length <= 1) return all;
  const routed = await context.retriever.route(query, ROUTE_TOP_K, context.signal);
  const selected = routed.length > 0 ? routed : all;
  context.trace.emitStep('collections-route', step, { query, topK: ROUTE_TOP_K, selected });
  return selected;
}
