import { CollectionNotFoundError } from '../errors.ts';
import type { Embedder } from '../ports/embedder.ts';
import type { Store } from '../ports/store.ts';
import type { StoredRows, VectorIndex } from '../ports/vector-index.ts';
import type { Chunk, Collection } from '../types.ts';
import { timeSlices } from '../time-slices.ts';
import { ChunkReads } from './chunk-reads.ts';
import { CollectionIndex } from './collection-index.ts';
import { searchIndexes, type RankedChunk, type SearchMode } from './hybrid-search.ts';
import { openKeywordIndex } from './stored-keyword-index.ts';
import { loadCollectionVectors } from './stored-vector-codes.ts';
import {
  routeByBoundary,
  type CollectionRoute,
  type QueryVectorFor,
} from './knowledge-boundary.ts';

export interface LibrarySearchOptions {
  /** Collections to search; all stored ones when absent. */
  collectionIds?: readonly string[];
  mode: SearchMode;
  k: number;
  /** Knowledge-boundary routing: search only the collections owning the top `routeTopK` centroids. */
  routeTopK?: number;
  signal?: AbortSignal;
}

export interface PassageResult extends RankedChunk {
  chunk: Chunk;
}

export interface LibrarySearchResult {
  passages: PassageResult[];
  /** The routing decision, when routing was asked for. */
  routes?: CollectionRoute[];
}

/**
 * Indexing a large collection takes seconds; it gives way this often (ms) so the worker can answer
 * other calls (a sync's progress, the collection list) meanwhile.
 */
const LOAD_SLICE_MS = 30;

/**
 * A new, empty vector index for `dim`-long rows, about `expectedSize` of them, which may read the
 * rows it re-ranks with from `storedRows` rather than hold them all.
 */
export type CreateVectorIndex = (
  dim: number,
  expectedSize: number,
  storedRows: StoredRows,
) => VectorIndex;

/** The embedder of a model, by the id a collection records (`Collection.embedderId`). */
export type EmbedderResolver = (embedderId: string) => Promise<Embedder>;

/**
 * Search across collections: loads each collection's indexes from the store once, then queries.
 * Collections may use different embedding models: the query is embedded once per model, and each
 * collection is searched (and routed) with the query vector of its own model.
 */
export class LibrarySearch {
  readonly #indexes = new Map<string, Promise<CollectionIndex>>();
  /**
   * The stored collections as last read: a warm search then waits on no store read before its
   * rankings. Read again after a collection is opened for the first time (a sync made it) or
   * closed (deleted, re-embedded, changed by another tab).
   */
  #collections: Promise<Collection[]> | undefined;
  /** Searches begun so far: `preload` reads a collection's lists behind only before the first. */
  #searchesBegun = 0;

  constructor(
    readonly store: Store,
    readonly embedderFor: EmbedderResolver,
    readonly createVectorIndex: CreateVectorIndex,
  ) {}

  /** The live index of a collection, built from stored chunks and vectors on first use. */
  open(collectionId: string): Promise<CollectionIndex> {
    let index = this.#indexes.get(collectionId);
    if (!index) {
      this.#collections = undefined;
      index = this.#load(collectionId);
      this.#indexes.set(collectionId, index);
      index.catch(() => this.#indexes.delete(collectionId));
    }
    return index;
  }

  /**
   * Loads every stored collection's index ahead of the first search, one after another, so a
   * search soon after the app opens need not wait for it. A collection that fails to load is left
   * for the search that needs it, which reports the failure. While no search has begun, each
   * loaded collection's keyword lists come in behind at once (decision 0031), so that the searches
   * typed later find them in memory: before, the first searches after a reload read their terms'
   * lists one by one (50,159 chunks in Chromium: the first five or so 40-230 ms, the rest 20-35).
   * A search that began meanwhile starts that read itself, after its own lists.
   */
  async preload(): Promise<void> {
    for (const { id } of await this.store.listCollections()) {
      const index = await this.open(id).catch(() => undefined);
      if (index && this.#searchesBegun === 0) {
        index.lexical.loadTerms([]).catch(() => undefined); // met by the search that needs it
      }
    }
  }

  /** Forgets a collection's live index (after it was deleted or re-embedded) and the list. */
  close(collectionId: string): void {
    this.#indexes.delete(collectionId);
    this.#collections = undefined;
  }

  /** The stored collections, read once and kept until a collection is opened anew or closed. */
  collections(): Promise<Collection[]> {
    if (!this.#collections) {
      const read = this.store.listCollections();
      this.#collections = read;
      read.catch(() => {
        if (this.#collections === read) this.#collections = undefined;
      });
    }
    return this.#collections;
  }

  async search(query: string, options: LibrarySearchOptions): Promise<LibrarySearchResult> {
    this.#searchesBegun += 1;
    const stored = await this.collections();
    const byId = new Map(stored.map((collection) => [collection.id, collection]));
    const collections = options.collectionIds?.flatMap((id) => byId.get(id) ?? []) ?? stored;
    const collectionIds = collections.map(({ id }) => id);
    const vectorFor =
      options.mode === 'bm25' ? undefined : await this.#embedQuery(query, collections, options);
    let searched = collectionIds;
    let routes: CollectionRoute[] | undefined;
    if (options.routeTopK && vectorFor && collectionIds.length > 1) {
      const boundaries = await Promise.all(collectionIds.map((id) => this.store.getCentroids(id)));
      routes = routeByBoundary(
        vectorFor,
        boundaries.filter((boundary) => boundary !== undefined),
        options.routeTopK,
      );
      searched = routes.map((route) => route.collectionId);
    }
    const indexes = await Promise.all(searched.map((id) => this.open(id)));
    const reads = new ChunkReads((ids) => this.store.getChunks(ids));
    const top: RankedChunk[] = await searchIndexes(indexes, {
      text: query,
      ...(vectorFor ? { vectorFor } : {}),
      mode: options.mode,
      k: options.k,
      readChunks: (ids) => reads.chunks(ids),
      onLikelyResults: (ids) => reads.prefetch(ids),
    });
    const chunks = await reads.chunks(top.map((hit) => hit.id));
    const passages = top.flatMap((hit, position) => {
      const chunk = chunks[position];
      return chunk ? [{ ...hit, chunk }] : [];
    });
    return { passages, ...(routes ? { routes } : {}) };
  }

  /** The query embedded once per model among `collections`, looked up by collection id. */
  async #embedQuery(
    query: string,
    collections: readonly Collection[],
    options: LibrarySearchOptions,
  ): Promise<QueryVectorFor> {
    const models = [...new Set(collections.map((collection) => collection.embedderId))];
    const vectors = await Promise.all(
      models.map(async (model) =>
        (await this.embedderFor(model)).embed([query], { signal: options.signal }),
      ),
    );
    const byModel = new Map(models.map((model, position) => [model, vectors[position]!]));
    const modelOf = new Map(collections.map(({ id, embedderId }) => [id, embedderId]));
    return (collectionId) => byModel.get(modelOf.get(collectionId) ?? '');
  }

  /**
   * The collection's stored keyword index (no tokenising, see `openKeywordIndex`) and its stored
   * vectors, read side by side (`loadCollectionVectors`: its codes when it keeps codes only, else
   * its rows a batch of files at a time, no array of them all).
   */
  async #load(collectionId: string): Promise<CollectionIndex> {
    const collection = await this.store.getCollection(collectionId);
    if (!collection) throw new CollectionNotFoundError(collectionId);
    const vectors = this.createVectorIndex(collection.dim, collection.chunkCount, (ids) =>
      this.store.getVectors(ids),
    );
    const [lexical, storedIds] = await Promise.all([
      openKeywordIndex(this.store, collectionId, timeSlices(LOAD_SLICE_MS)),
      loadCollectionVectors(this.store, collection, vectors),
    ]);
    return new CollectionIndex(collectionId, vectors, lexical, storedIds);
  }
}
