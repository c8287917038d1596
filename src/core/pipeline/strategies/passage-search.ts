/**
 * The search behind an answer without a language model: one hybrid search over the scope, then
 * the best passage of each of the first files ({@link PASSAGES_SHOWN}). The reader's models are
 * fitted on what this returns (scripts/fit-reader), so both use this one function.
 */
import { onePerFile, PASSAGES_SHOWN } from '../../answer/passage-choice.ts';
import type { Evidence, Retriever } from '../../ports/retriever.ts';

/** Passages retrieved, so that {@link PASSAGES_SHOWN} distinct files remain after grouping. */
export const PASSAGE_SEARCH_K = 20;

export async function findPassages(
  retriever: Retriever,
  query: string,
  signal?: AbortSignal,
): Promise<Evidence[]> {
  const evidence = await retriever.search(query, { k: PASSAGE_SEARCH_K, signal });
  return onePerFile(evidence, PASSAGES_SHOWN);
}
