import type { SearchHit } from '../types.ts';

/**
 * Documents as keyword search counts them, ready to index without tokenising again: each
 * document's length in terms and its (term, frequency) pairs in first-occurrence order. One
 * file's chunks form a segment; so does a whole collection's stored index.
 */
export interface KeywordSegment {
  /** The distinct terms of the segment; pairs name them by position. */
  terms: string[];
  /** Document (chunk) ids. */
  ids: string[];
  /** Terms per document, stop words excluded. */
  lengths: Int32Array;
  /** Where each document's pairs end, counted in pairs: document i's are pairs[pairEnds[i - 1]..]. */
  pairEnds: Int32Array;
  /** (term position, frequency) packed into one number a pair (`packPair`). */
  pairs: Uint32Array;
  /**
   * (pair index, frequency) for each pair whose frequency is too large to pack (`LARGE_FREQUENCY`
   * or more), by rising pair index: two numbers each, usually none.
   */
  largeFrequencies: Int32Array;
}

/**
 * A collection's whole keyword index as its base is stored and loaded (decision 0027): its
 * documents' ids and lengths and its posting lists, but not each document's pairs, which only a
 * change (or a rebuild) needs and which are derived from the lists then.
 */
export interface KeywordBase {
  /** Term t of the lists. */
  terms: string[];
  /** Document (chunk) ids: document d of the lists. */
  ids: string[];
  /** Terms per document, stop words excluded. */
  lengths: Int32Array;
  byTerm: TermLists;
  /**
   * (position in `byTerm.pairs`, frequency) for each pair packed as `LARGE_FREQUENCY`, by rising
   * position: two numbers each, usually none.
   */
  largeFrequencies: Int32Array;
}

/**
 * Posting lists term after term: `holders[t]` documents hold term t, and `pairs` holds their
 * (document position, frequency) pairs packed one number each (`packPair`), term 0's first, each
 * term's in document order. A frequency packed as `LARGE_FREQUENCY` is kept exactly beside them
 * (`KeywordBase.largeFrequencies`).
 */
/**
 * A base without its posting lists' pairs: what a load reads first, to search as soon as it has
 * the lists of a query's terms (`LexicalIndex.loadTerms`).
 */
export interface KeywordVocabulary extends Omit<KeywordBase, 'byTerm'> {
  holders: Int32Array;
}

export interface TermLists {
  holders: Int32Array;
  pairs: Uint32Array;
}

/** Keyword search (BM25) over chunk texts. */
export interface LexicalIndex {
  readonly size: number;
  add(documents: readonly { id: string; text: string }[]): void;
  /** Adds (or replaces) documents already counted, e.g. a stored segment. */
  addSegment(segment: KeywordSegment): void;
  remove(ids: readonly string[]): void;
  /**
   * Makes ahead what the first change after a load or a compaction needs, in slices with
   * `giveWay` (`timeSlices`) between them, so that a thread which must keep answering is not
   * held for all of it at once; a change not prepared for makes it in one go. An index loaded
   * from its vocabulary first waits here for all its lists; changing it before is an error.
   */
  prepareChanges(giveWay: () => Promise<void>): Promise<void>;
  /**
   * Makes sure the posting lists of `terms` are in memory, so that a search of them can run:
   * an index loaded from its vocabulary first reads them from the store as they are needed, and
   * from its first call on (with no terms too) reads all the others behind; otherwise there is
   * nothing to wait for. Call it before `search` and `searchTerms`.
   */
  loadTerms(terms: Iterable<string>): Promise<void>;
  /**
   * The live documents as a base, in the order they were added (what is stored). Its arrays may
   * be the index's own (just compacted or loaded): read them, never change them. Not before an
   * index loaded from its vocabulary first has all its lists (`prepareChanges`).
   */
  toBase(): KeywordBase;
  /**
   * Rebuilds the index in arrays of exactly its live documents' size, dropping removed ones and
   * the room left by growing, with the same search results: for the end of a run of changes.
   */
  compact(): void;
  search(query: string, k: number): SearchHit[];
  /**
   * Pseudo-relevance feedback: the query's terms (weight 1) plus the terms that characterise the
   * documents of `feedback` (the best hits of a first search, counted as keyword search counts
   * them: `chunkKeywords` of their stored chunks; weight up to 1), so a passage that shares words
   * with those hits but not with the question (the next hop of a multi-hop question) can rank.
   * Terms no live document of this index holds are ignored.
   */
  expandQuery(query: string, feedback: KeywordSegment): ReadonlyMap<string, number>;
  /** Search with a weight per term, e.g. an expanded query from any collection's index. */
  searchTerms(terms: ReadonlyMap<string, number>, k: number): SearchHit[];
}
