/**
 * Runs a candidate's keyword queries against the library (the collections the initial search
 * used), for the monitor's injector and for explicit retrieval: every query's hits, merged by
 * chunk with the best score kept, without the passages the candidate's prompt already shows,
 * best first. Each search is traced as `retrieval-start` / `retrieval-end`, like the single
 * strategy's, with the candidate's id. A run stopped during a search throws the AbortError.
 */
import { abortError } from '../../llm/llm-client.ts';
import type { Evidence } from '../../ports/retriever.ts';
import type { StepContext } from '../../llm/step-context.ts';

export interface QuerySearchInput {
  candidateId: number;
  queries: readonly string[];
  collectionIds: readonly string[];
  /** Hits each query asks for. */
  k: number;
  /** Chunk ids the candidate already has in its prompt. */
  excludedIds: ReadonlySet<string>;
  /** Most hits returned. */
  limit: number;
}

/** The merged hits, best first; `step` names the step the retrieval events are emitted under. */
export async function searchQueries(
  context: StepContext,
  step: string,
  input: QuerySearchInput,
): Promise<Evidence[]> {
  const best = new Map<string, Evidence>();
  for (const query of input.queries) {
    throwIfStopped(context.signal);
    context.trace.emitStep('retrieval-start', step, {
      candidate: input.candidateId,
      query,
      collectionIds: [...input.collectionIds],
      k: input.k,
    });
    let hits: Evidence[];
    try {
      hits = await context.retriever.search(query, {
        collectionIds: input.collectionIds,
        k: input.k,
        signal: context.signal,
      });
    } catch (error) {
      throwIfStopped(context.signal);
      throw error;
    }
    throwIfStopped(context.signal);
    context.trace.emitStep('retrieval-end', step, {
      candidate: input.candidateId,
      query,
      passages: hits.map(({ id, score }) => ({ id, score })),
    });
    for (const hit of hits) {
      if (input.excludedIds.has(hit.id)) continue;
      const known = best.get(hit.id);
      if (!known || hit.score > known.score) best.set(hit.id, hit);
    }
  }
  return [...best.values()]
    .sort((first, second) => second.score - first.score)
    .slice(0, input.limit);
}

/** Throws the run's AbortError when `signal` has fired. */
export function throwIfStopped(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError();
}
