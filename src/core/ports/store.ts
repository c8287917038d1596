import type { Chunk, Collection, FileRecord } from '../types.ts';
import type { VectorCodes } from './vector-index.ts';

/** Everything one file contributes, written (or replaced) in one transaction. */
export interface FileWrite {
  file: FileRecord;
  chunks: Chunk[];
  /** Flat `chunks.length * dim` floats, row i for chunk i. Empty for skipped and failed files. */
  vectors: Float32Array;
  /**
   * The file's bytes, kept so the viewer can show its pages (paged formats: PDF). Only indexed
   * files may keep them; a write without them drops any kept by an earlier write of the file.
   */
  original?: Uint8Array;
  /**
   * The file's chunks as keyword search counts them: `encodeSegment(chunkKeywords(chunks))`
   * (core/retrieval), ids in the chunks' order. Stored with the chunks, so the stored keyword
   * index never disagrees with them.
   */
  keywords: Uint8Array;
}

/** A file's keyword segment as stored since the last merge (`StoredKeywords.segments`). */
export interface KeywordSegmentRow {
  fileId: string;
  /** Rises with every write: names the row for `replaceKeywordBase`. */
  sequence: number;
  /** `FileWrite.keywords`; empty (no bytes) for a deleted file. */
  bytes: Uint8Array;
}

/**
 * A collection's stored keyword index, read in one transaction: a merged base and the segments
 * of files written or deleted since. A segment replaces whatever the base holds of its file.
 */
export interface StoredKeywords {
  /** The collection's `chunkCount` at the same moment: what the index must hold. */
  chunkCount: number;
  /** The merged segment (`encodeSegment`); absent until the first merge. */
  base?: Uint8Array;
  /** Counts the merges: 0 without a base. */
  generation: number;
  /** Oldest first, at most one per file. */
  segments: KeywordSegmentRow[];
}

/**
 * What a merge needs of a collection's stored keyword index when it holds the index in memory
 * already (`Store.loadKeywordState`): `StoredKeywords` without any bytes.
 */
export interface KeywordState {
  /** The collection's `chunkCount` at the same moment. */
  chunkCount: number;
  /** `StoredKeywords.generation`. */
  generation: number;
  /** The sequences of `StoredKeywords.segments`, oldest first. */
  sequences: number[];
}

/**
 * A collection's merged keyword base to read by range (`Store.openKeywordBase`): a load reads
 * its vocabulary first and the posting lists of a query's terms as it needs them.
 */
export interface KeywordBaseReader {
  /** The collection's `chunkCount` at the same moment: what the base must hold. */
  chunkCount: number;
  /** `StoredKeywords.generation`. */
  generation: number;
  /** The base's length in bytes. */
  size: number;
  /**
   * The base's bytes when the store holds them in memory already (it reads a base whole), a copy
   * the store keeps no hold of: a load views them instead of reading copies (its index then owns
   * them), and its lists need not wait for a pause in searching (they share no disk with a
   * search). `undefined` otherwise.
   */
  held: Uint8Array | undefined;
  /**
   * A copy of bytes `start` to `end` (end excluded), in a buffer of their own; `undefined` when
   * the store can no longer read them (the load then builds the index anew).
   */
  read(start: number, end: number): Promise<Uint8Array | undefined>;
}

/** A merge of a collection's keyword index (`Store.replaceKeywordBase`). */
export interface KeywordBaseReplacement {
  /**
   * The merged segment's bytes in parts, stored one after another as one base
   * (`encodeBaseParts`: a large base is written without being copied into one array first).
   */
  base: readonly Uint8Array[];
  /** The generation the merge started from (`StoredKeywords.generation`). */
  generation: number;
  /** Sequences of the segments folded into `base`, deleted with the swap. */
  merged: readonly number[];
}

export interface StoredVectors {
  ids: string[];
  vectors: Float32Array;
  dim: number;
}

/** A collection's vectors from another embedding model, replacing all of its vectors at once. */
export interface EmbeddingReplacement {
  embedderId: string;
  dim: number;
  /** Exactly the collection's chunk ids, each once, in any order. */
  ids: readonly string[];
  /** Flat `ids.length * dim`, row i for `ids[i]`. */
  vectors: Float32Array;
}

export interface StoredCentroids {
  collectionId: string;
  dim: number;
  /** Flat `count * dim`. */
  centroids: Float32Array;
  /** Number of member vectors per centroid. */
  counts: number[];
  /** Chunk count of the collection when these centroids were computed. */
  chunkCount: number;
  updatedAt: number;
}

/**
 * A collection's vectors as the codes its index searches by (`VectorIndex.codes`), stored at the
 * end of a sync so that a reload reads them instead of every float32 row. They hold exactly the
 * collection's vectors while its keyword index is still of `generation` with no segment since
 * (every write of a file leaves a segment) and it still has `chunkCount` chunks of `dim`.
 */
export interface StoredVectorCodes extends VectorCodes {
  collectionId: string;
  dim: number;
  /** `StoredKeywords.generation` when they were taken. */
  generation: number;
  chunkCount: number;
}

/**
 * Durable library storage (IndexedDB in the browser, memory in tests). Every adapter passes
 * `tests/contracts/store.contract.ts`. Quota failures throw `StorageFullError`. Reads return
 * copies, lists come in id order, and reads of an unknown collection return nothing.
 *
 * A collection's counts are the store's to keep: `fileCount` is its number of files with status
 * `indexed` (skipped and failed ones are listed but not counted), `chunkCount` its number of
 * stored chunks (only indexed files have chunks), `issueCounts` its skipped and failed files.
 */
export interface Store {
  listCollections(): Promise<Collection[]>;
  getCollection(id: string): Promise<Collection | undefined>;
  /** Creates or replaces the record, keeping the stored counts (zero for a new collection). */
  putCollection(collection: Collection): Promise<void>;
  /**
   * Removes the collection with its files, chunks, vectors, kept originals, keyword index,
   * centroids, vector codes and folder handle.
   */
  deleteCollection(id: string): Promise<void>;

  listFiles(collectionId: string): Promise<FileRecord[]>;
  /**
   * Atomically replaces each file's record, chunks, vectors, keyword segment and kept original,
   * and updates the collections' `fileCount`/`chunkCount`: after a crash either all of the writes
   * are there or none (an ingest commits several small files at once). Each collection must exist
   * (`CollectionNotFoundError`); chunk ids must be `${fileId}#${ordinal}`, only indexed files may
   * have chunks or an original, `file.chunkCount` must match, `vectors` must hold one row of the
   * collection's `dim` per chunk (`DimensionMismatchError`), and a file may appear once. A
   * refused write changes nothing, none of the others either.
   */
  writeFiles(writes: readonly FileWrite[]): Promise<void>;
  /**
   * Replaces a file's record only (e.g. a new mtime with the same content hash). The file must be
   * stored already, with the same status and chunk count.
   */
  updateFile(file: FileRecord): Promise<void>;
  /**
   * Atomically removes files with their chunks, vectors and kept originals, updating the
   * collection's counts; each leaves an empty keyword segment.
   * Ids that are unknown or belong to another collection are ignored.
   */
  deleteFiles(collectionId: string, fileIds: readonly string[]): Promise<void>;

  /** The collection's keyword base and segments; nothing stored reads as generation 0. */
  loadKeywords(collectionId: string): Promise<StoredKeywords>;
  /** What `loadKeywords` would read, without the base's and the segments' bytes. */
  loadKeywordState(collectionId: string): Promise<KeywordState>;
  /**
   * The collection's keyword base to read by range, when it has one and no segment waits to be
   * merged into it (else `undefined`: the index is then read whole, `loadKeywords`). Reads
   * through it stay those of this moment's base should a merge replace it meanwhile.
   */
  openKeywordBase(collectionId: string): Promise<KeywordBaseReader | undefined>;
  /**
   * Atomically stores a merged keyword base and deletes the merged segments (those still there:
   * a newer write of the same file keeps its own). When the base is no longer of
   * `generation` (another merge came first) it changes nothing and resolves `false`. The
   * collection must exist (`CollectionNotFoundError`).
   */
  replaceKeywordBase(collectionId: string, replacement: KeywordBaseReplacement): Promise<boolean>;

  /** Every chunk of the collection, in document order: by file id, then ordinal. */
  listChunks(collectionId: string): Promise<Chunk[]>;
  /** One entry per id, in the order asked, `undefined` where no chunk has that id. */
  getChunks(ids: readonly string[]): Promise<(Chunk | undefined)[]>;
  /** The bytes kept by the file's last write (`FileWrite.original`); `undefined` when none. */
  getOriginal(fileId: string): Promise<Uint8Array | undefined>;
  /** All vectors of the collection in one array, row i belonging to `ids[i]` (files in id order). */
  loadVectors(collectionId: string): Promise<StoredVectors>;
  /**
   * The same vectors handed to `onBatch` a batch of files at a time (files in id order, in one
   * read), so that no array of them all is made: `onBatch` runs synchronously between reads.
   */
  loadVectorBatches(collectionId: string, onBatch: (batch: StoredVectors) => void): Promise<void>;
  /**
   * The stored vectors of chunks, one entry per id in the order asked, `undefined` where no chunk
   * has that id: what an index that keeps only compact codes in memory re-ranks with.
   */
  getVectors(ids: readonly string[]): Promise<(Float32Array | undefined)[]>;

  /**
   * Replaces the collection's stored vector codes; the collection must exist
   * (`CollectionNotFoundError`).
   */
  putVectorCodes(codes: StoredVectorCodes): Promise<void>;
  /** The codes last put for the collection, whether or not they still hold its vectors. */
  getVectorCodes(collectionId: string): Promise<StoredVectorCodes | undefined>;

  /**
   * Atomically swaps the collection to another embedding model: replaces every vector with the
   * rows of `replacement`, sets the collection's `embedderId` and `dim`, and deletes its centroids
   * and vector codes (they belong to the old vector space). The collection must exist
   * (`CollectionNotFoundError`), `ids` must be exactly its chunk ids, and `vectors` must hold one
   * row of `dim` per id (`DimensionMismatchError`). A refused or interrupted replacement changes
   * nothing.
   */
  replaceEmbeddings(collectionId: string, replacement: EmbeddingReplacement): Promise<void>;

  /** Replaces the collection's centroids; the collection must exist (`CollectionNotFoundError`). */
  putCentroids(centroids: StoredCentroids): Promise<void>;
  getCentroids(collectionId: string): Promise<StoredCentroids | undefined>;

  getSetting<T>(key: string): Promise<T | undefined>;
  putSetting(key: string, value: unknown): Promise<void>;
}
