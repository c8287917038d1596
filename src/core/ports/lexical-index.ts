import type { SearchHit } from '../types.ts';

/** Keyword search (BM25) over chunk texts. */
export interface LexicalIndex {
  readonly size: number;
  add(documents: readonly { id: string; text: string }[]): void;
  remove(ids: readonly string[]): void;
  search(query: string, k: number): SearchHit[];
}
