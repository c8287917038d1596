/**
 * The search behind an answer without a language model: a hybrid search with a second hop through
 * bridge entities, then {@link PASSAGES_SHOWN} passages of distinct files that together cover the
 * question (`coveringPassages`). The reader's models are fitted on what this returns
 * (scripts/fit-reader), so both use this one function.
 */
import { coveringPassages, FILES_CONSIDERED, PASSAGES_SHOWN } from '../../answer/passage-choice.ts';
import type { Evidence, Retriever } from '../../ports/retriever.ts';

/** Passages retrieved: files repeat, so three times the files considered. */
export const PASSAGE_SEARCH_K = 3 * FILES_CONSIDERED;

export async function findPassages(
  retriever: Retriever,
  query: string,
  signal?: AbortSignal,
): Promise<Evidence[]> {
  const evidence = await retriever.search(query, { k: PASSAGE_SEARCH_K, bridge: true, signal });
  return coveringPassages(query, evidence, PASSAGES_SHOWN);
}
