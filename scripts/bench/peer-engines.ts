/**
 * The four engines `bench peers` compares, behind one shape: built from the same chunks and
 * vectors, searched for the best 10 chunks, written out and read back. Archivist is the app's own
 * `CollectionIndex` (BM25 + int8 flat vectors); MiniSearch and FlexSearch index keywords only;
 * Orama holds the vectors too and ranks hybrid queries itself.
 */
import { Index as FlexIndex } from 'flexsearch';
import MiniSearch from 'minisearch';
import { create, insertMultiple, load, save, search as oramaSearch } from '@orama/orama';
import { chooseVectorIndex } from '../../src/adapters/vector/index.ts';
import { Bm25Index } from '../../src/core/retrieval/bm25.ts';
import { CollectionIndex } from '../../src/core/retrieval/collection-index.ts';
import { searchIndexes } from '../../src/core/retrieval/hybrid-search.ts';
import { LibrarySearch } from '../../src/core/retrieval/library-search.ts';
import { analyze } from '../../src/core/retrieval/text-analysis.ts';
import type { Store } from '../../src/core/ports/store.ts';

export const ENGINE_NAMES = ['archivist', 'flexsearch', 'minisearch', 'orama'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** The chunks every engine is given: keyword texts (heading path, then text) and vectors. */
export interface PeerCorpus {
  ids: string[];
  fileIds: string[];
  texts: string[];
  dim: number;
  /** Row i for `ids[i]`. */
  vectors: Float32Array;
}

export interface PeerEngine {
  build(corpus: PeerCorpus): Promise<void>;
  /** The best `k` chunk ids: by keywords, or hybrid when a query vector is given and supported. */
  search(query: string, k: number, vector?: Float32Array): Promise<string[]>;
  /** The index in its stored form; the engine's index is dropped. */
  serialize(): Promise<Uint8Array>;
  /** The index read back from `serialize`'s bytes (Archivist: from its store), ready to search. */
  reload(bytes: Uint8Array, corpus: PeerCorpus): Promise<void>;
  /** Drops the index it holds, so the next reload meets no other index in memory. */
  release(): void;
}

/** The collection of the store given to `createEngine` that Archivist reloads. */
export const PEER_COLLECTION = 'peers';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** `store` holds Archivist's collection `PEER_COLLECTION`, the corpus's chunks. */
export function createEngine(name: EngineName, store: Store): PeerEngine {
  if (name === 'archivist') return new ArchivistEngine(store);
  if (name === 'flexsearch') return new FlexSearchEngine();
  if (name === 'minisearch') return new MiniSearchEngine();
  return new OramaEngine();
}

/**
 * Builds by tokenising every chunk (as loading did before the stored keyword index); its stored
 * form is what the store keeps for the collection `PEER_COLLECTION` (keyword base and float32
 * vectors), and a reload is the app's: `LibrarySearch.open` from that store.
 */
class ArchivistEngine implements PeerEngine {
  #index: CollectionIndex | undefined;

  constructor(readonly store: Store) {}

  async build(corpus: PeerCorpus): Promise<void> {
    const vectors = chooseVectorIndex(corpus.dim, corpus.ids.length);
    const lexical = new Bm25Index();
    lexical.add(corpus.ids.map((id, row) => ({ id, text: corpus.texts[row]! })));
    vectors.add(corpus.ids, corpus.vectors);
    this.#index = new CollectionIndex(PEER_COLLECTION, vectors, lexical, [corpus.ids]);
  }

  async search(query: string, k: number, vector?: Float32Array): Promise<string[]> {
    const index = this.#index!;
    if (!vector) {
      // A reloaded index reads its lists on demand (decision 0031), as the app's searches do.
      await index.lexical.loadTerms(analyze(query));
      return index.lexical.search(query, k).map((hit) => hit.id);
    }
    const request = {
      text: query,
      vectorFor: () => vector,
      mode: 'hybrid',
      k,
      readChunks: (ids: readonly string[]) => this.store.getChunks(ids),
    } as const;
    return (await searchIndexes([index], request)).map((hit) => hit.id);
  }

  async serialize(): Promise<Uint8Array> {
    const [keywords, stored] = await Promise.all([
      this.store.loadKeywords(PEER_COLLECTION),
      this.store.loadVectors(PEER_COLLECTION),
    ]);
    if (keywords.segments.length > 0 || !keywords.base) throw new Error('Keywords not merged.');
    this.#index = undefined;
    const vectorBytes = new Uint8Array(stored.vectors.buffer, 0, stored.vectors.byteLength);
    const bytes = new Uint8Array(keywords.base.length + vectorBytes.length);
    bytes.set(keywords.base);
    bytes.set(vectorBytes, keywords.base.length);
    return bytes;
  }

  async reload(): Promise<void> {
    const search = new LibrarySearch(this.store, () => Promise.reject(), chooseVectorIndex);
    this.#index = await search.open(PEER_COLLECTION);
  }

  release(): void {
    this.#index = undefined;
  }
}

class FlexSearchEngine implements PeerEngine {
  #index: FlexIndex | undefined;
  #ids: string[] = [];

  async build(corpus: PeerCorpus): Promise<void> {
    const index = new FlexIndex();
    corpus.texts.forEach((text, row) => index.add(row, text));
    this.#index = index;
    this.#ids = corpus.ids;
  }

  async search(query: string, k: number): Promise<string[]> {
    // `suggest`: rank chunks holding some of the words too (without it every word must match).
    const rows = this.#index!.search(query, { limit: k, suggest: true }) as number[];
    return rows.map((row) => this.#ids[row]!);
  }

  async serialize(): Promise<Uint8Array> {
    const parts: Record<string, string> = {};
    this.#index!.export((key: string | number, data: string) => {
      parts[key] = data;
    });
    this.#index = undefined;
    return encoder.encode(JSON.stringify(parts));
  }

  async reload(bytes: Uint8Array, corpus: PeerCorpus): Promise<void> {
    const parts = JSON.parse(decoder.decode(bytes)) as Record<string, string>;
    const index = new FlexIndex();
    for (const [key, data] of Object.entries(parts)) index.import(key, data);
    this.#index = index;
    this.#ids = corpus.ids;
  }

  release(): void {
    this.#index = undefined;
  }
}

class MiniSearchEngine implements PeerEngine {
  static readonly options = { fields: ['text'], idField: 'row' };
  #index: MiniSearch | undefined;
  #ids: string[] = [];

  async build(corpus: PeerCorpus): Promise<void> {
    const index = new MiniSearch(MiniSearchEngine.options);
    index.addAll(corpus.texts.map((text, row) => ({ row, text })));
    this.#index = index;
    this.#ids = corpus.ids;
  }

  async search(query: string, k: number): Promise<string[]> {
    const results = this.#index!.search(query).slice(0, k);
    return results.map((result) => this.#ids[result.id as number]!);
  }

  async serialize(): Promise<Uint8Array> {
    const json = JSON.stringify(this.#index);
    this.#index = undefined;
    return encoder.encode(json);
  }

  async reload(bytes: Uint8Array, corpus: PeerCorpus): Promise<void> {
    this.#index = MiniSearch.loadJSON(decoder.decode(bytes), MiniSearchEngine.options);
    this.#ids = corpus.ids;
  }

  release(): void {
    this.#index = undefined;
  }
}

type OramaDatabase = ReturnType<typeof createOrama>;

function createOrama(dim: number) {
  return create({ schema: { text: 'string', embedding: `vector[${dim}]` } as const });
}

class OramaEngine implements PeerEngine {
  #database: OramaDatabase | undefined;

  async build(corpus: PeerCorpus): Promise<void> {
    const database = createOrama(corpus.dim);
    const { dim, vectors } = corpus;
    await insertMultiple(
      database,
      corpus.ids.map((id, row) => ({
        id,
        text: corpus.texts[row]!,
        embedding: Array.from(vectors.subarray(row * dim, (row + 1) * dim)),
      })),
    );
    this.#database = database;
  }

  async search(query: string, k: number, vector?: Float32Array): Promise<string[]> {
    const database = this.#database!;
    const results = vector
      ? await oramaSearch(database, {
          mode: 'hybrid',
          term: query,
          vector: { value: Array.from(vector), property: 'embedding' },
          similarity: 0,
          limit: k,
        })
      : await oramaSearch(database, { term: query, limit: k });
    return results.hits.map((hit) => hit.id);
  }

  async serialize(): Promise<Uint8Array> {
    const json = JSON.stringify(save(this.#database!));
    this.#database = undefined;
    return encoder.encode(json);
  }

  async reload(bytes: Uint8Array, corpus: PeerCorpus): Promise<void> {
    const database = createOrama(corpus.dim);
    load(database, JSON.parse(decoder.decode(bytes)) as Parameters<typeof load>[1]);
    this.#database = database;
  }

  release(): void {
    this.#database = undefined;
  }
}
