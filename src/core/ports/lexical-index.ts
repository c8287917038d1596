import type { SearchHit } from '../types.ts';

/** Keyword search (BM25) over chunk texts. */
export interface LexicalIndex {
  readonly size: number;
  add(documents: readonly { id: string; text: string }[]): void;
  remove(ids: readonly string[]): void;
  search(query: string, k: number): SearchHit[];
  /**
   * Pseudo-relevance feedback: the query's terms (weight 1) plus the terms that characterise
   * `feedbackIds` (the best hits of a first search, weight up to 1), so a passage that shares
   * words with those hits but not with the question (the next hop of a multi-hop question) can
   * rank. Terms of ids this index does not hold are ignored.
   */
  expandQuery(query: string, feedbackIds: readonly string[]): ReadonlyMap<string, number>;
  /** Search with a weight per term, e.g. an expanded query from any collection's index. */
  searchTerms(terms: ReadonlyMap<string, number>, k: number): SearchHit[];
}
