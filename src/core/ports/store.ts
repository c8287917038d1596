import type { Chunk, Collection, FileRecord } from '../types.ts';

/** Everything one file contributes, written (or replaced) in one transaction. */
export interface FileWrite {
  file: FileRecord;
  chunks: Chunk[];
  /** Flat `chunks.length * dim` floats, row i for chunk i. Empty for skipped and failed files. */
  vectors: Float32Array;
}

export interface StoredVectors {
  ids: string[];
  vectors: Float32Array;
  dim: number;
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
 * Durable library storage (IndexedDB in the browser, memory in tests). Every adapter passes
 * `tests/contracts/store.contract.ts`. Quota failures throw `StorageFullError`.
 */
export interface Store {
  listCollections(): Promise<Collection[]>;
  getCollection(id: string): Promise<Collection | undefined>;
  putCollection(collection: Collection): Promise<void>;
  /** Removes the collection with its files, chunks, vectors and centroids. */
  deleteCollection(id: string): Promise<void>;

  listFiles(collectionId: string): Promise<FileRecord[]>;
  /**
   * Atomically replaces the file's record, chunks and vectors, and updates the collection's
   * `fileCount`/`chunkCount`: after a crash either all of it is there or none.
   */
  writeFile(write: FileWrite): Promise<void>;
  /** Replaces a file's record only (e.g. a new mtime with the same content hash). */
  updateFile(file: FileRecord): Promise<void>;
  /** Atomically removes files with their chunks and vectors, updating the collection's counts. */
  deleteFiles(collectionId: string, fileIds: readonly string[]): Promise<void>;

  listChunks(collectionId: string): Promise<Chunk[]>;
  getChunks(ids: readonly string[]): Promise<(Chunk | undefined)[]>;
  loadVectors(collectionId: string): Promise<StoredVectors>;

  putCentroids(centroids: StoredCentroids): Promise<void>;
  getCentroids(collectionId: string): Promise<StoredCentroids | undefined>;

  getSetting<T>(key: string): Promise<T | undefined>;
  putSetting(key: string, value: unknown): Promise<void>;
}
