import type { SearchHit } from '../types.ts';

/** Keyword search (BM25) over chunk texts. */
export interface LexicalIndex {
  readonly size: number;
  add(documents: readonly { id: string; text: string }[]): void;
  remove(ids: readonly string[]): void;
  search(query: string, k: number): SearchHit[];
  /**
   * Pseudo-relevance feedback: the query plus the terms that characterise `feedbackIds` (the
   * best hits of a first search), so a passage that shares words with those hits but not with
   * the question (the next hop of a multi-hop question) can rank.
   */
  searchExpanded(query: string, feedbackIds: readonly string[], k: number): SearchHit[];
}
