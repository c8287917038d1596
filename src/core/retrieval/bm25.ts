import type { LexicalIndex } from '../ports/lexical-index.ts';
import type { SearchHit } from '../types.ts';
import { analyze } from './text-analysis.ts';

export interface Bm25Options {
  k1?: number;
  b?: number;
}

/** Expansion terms taken from the feedback documents (RM3 uses 10-20). */
const FEEDBACK_TERMS = 20;

interface DocumentEntry {
  id: string;
  length: number;
  terms: Map<string, number>;
}

/** Okapi BM25 with incremental add and remove. */
export class Bm25Index implements LexicalIndex {
  readonly #k1: number;
  readonly #b: number;
  readonly #documents = new Map<string, DocumentEntry>();
  readonly #postings = new Map<string, Map<string, number>>();
  #totalLength = 0;

  constructor(options: Bm25Options = {}) {
    this.#k1 = options.k1 ?? 1.2;
    this.#b = options.b ?? 0.75;
  }

  get size(): number {
    return this.#documents.size;
  }

  add(documents: readonly { id: string; text: string }[]): void {
    for (const document of documents) {
      this.remove([document.id]);
      const terms = new Map<string, number>();
      const tokens = analyze(document.text);
      for (const term of tokens) terms.set(term, (terms.get(term) ?? 0) + 1);
      for (const [term, frequency] of terms) {
        let posting = this.#postings.get(term);
        if (!posting) {
          posting = new Map();
          this.#postings.set(term, posting);
        }
        posting.set(document.id, frequency);
      }
      this.#documents.set(document.id, { id: document.id, length: tokens.length, terms });
      this.#totalLength += tokens.length;
    }
  }

  remove(ids: readonly string[]): void {
    for (const id of ids) {
      const entry = this.#documents.get(id);
      if (!entry) continue;
      for (const term of entry.terms.keys()) {
        const posting = this.#postings.get(term);
        posting?.delete(id);
        if (posting?.size === 0) this.#postings.delete(term);
      }
      this.#totalLength -= entry.length;
      this.#documents.delete(id);
    }
  }

  search(query: string, k: number): SearchHit[] {
    return this.searchTerms(new Map(analyze(query).map((term) => [term, 1])), k);
  }

  expandQuery(query: string, feedbackIds: readonly string[]): ReadonlyMap<string, number> {
    const terms = new Map(analyze(query).map((term) => [term, 1]));
    const feedback = this.feedbackTerms(feedbackIds, FEEDBACK_TERMS, new Set(terms.keys()));
    for (const [term, weight] of feedback) terms.set(term, weight);
    return terms;
  }

  /** BM25 with a weight per query term (1 for the user's words, less for expansion terms). */
  searchTerms(terms: ReadonlyMap<string, number>, k: number): SearchHit[] {
    const count = this.#documents.size;
    if (count === 0 || k <= 0) return [];
    const averageLength = this.#totalLength / count || 1;
    const scores = new Map<string, number>();
    for (const [term, weight] of terms) {
      const posting = this.#postings.get(term);
      if (!posting) continue;
      const idf = weight * this.#idf(posting.size);
      for (const [id, frequency] of posting) {
        const length = this.#documents.get(id)?.length ?? averageLength;
        const norm = this.#k1 * (1 - this.#b + (this.#b * length) / averageLength);
        const score = (idf * frequency * (this.#k1 + 1)) / (frequency + norm);
        scores.set(id, (scores.get(id) ?? 0) + score);
      }
    }
    return topHits(scores, k);
  }

  /**
   * Pseudo-relevance feedback: the `count` terms that best characterise the documents `ids`
   * (frequency in them times rarity in the collection), excluding `exclude`, weighted 0-1
   * relative to the best one.
   */
  feedbackTerms(
    ids: readonly string[],
    count: number,
    exclude: ReadonlySet<string>,
  ): Map<string, number> {
    const weights = new Map<string, number>();
    for (const id of ids) {
      const entry = this.#documents.get(id);
      if (!entry || entry.length === 0) continue;
      for (const [term, frequency] of entry.terms) {
        if (exclude.has(term)) continue;
        const posting = this.#postings.get(term);
        const weight = (frequency / entry.length) * this.#idf(posting?.size ?? 1);
        weights.set(term, (weights.get(term) ?? 0) + weight);
      }
    }
    const top = [...weights].sort((left, right) => right[1] - left[1]).slice(0, count);
    const best = top[0]?.[1] ?? 1;
    return new Map(top.map(([term, weight]) => [term, weight / best]));
  }

  #idf(documentFrequency: number): number {
    const count = this.#documents.size;
    return Math.log(1 + (count - documentFrequency + 0.5) / (documentFrequency + 0.5));
  }
}

/** The `k` highest-scoring entries (none for k <= 0), best first; ties broken by id. */
export function topHits(scores: Map<string, number>, k: number): SearchHit[] {
  if (!(k > 0)) return [];
  const hits: SearchHit[] = [];
  for (const [id, score] of scores) hits.push({ id, score });
  hits.sort((left, right) => right.score - left.score || (left.id < right.id ? -1 : 1));
  return hits.slice(0, k);
}
