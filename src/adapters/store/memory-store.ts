import { CollectionNotFoundError } from '../../core/errors.ts';
import type {
  EmbeddingReplacement,
  FileWrite,
  KeywordBaseReader,
  KeywordBaseReplacement,
  KeywordState,
  KeywordSegmentRow,
  Store,
  StoredCentroids,
  StoredKeywords,
  StoredVectorCodes,
  StoredVectors,
} from '../../core/ports/store.ts';
import type { Chunk, Collection, FileRecord } from '../../core/types.ts';
import { keepCounts, replaceCounts } from './collection-counts.ts';
import { validateFileUpdate, validateFileWrites } from './file-write.ts';
import { compareKeys, sortById, sortChunks } from './record-order.ts';
import {
  concatenateVectorRows,
  replaceVectorRows,
  toVectorRow,
  VECTOR_BATCH_FILES,
  vectorOf,
  type VectorRow,
} from './vector-rows.ts';
import { fileIdOf } from '../../core/retrieval/collection-index.ts';
import { joinBytes } from '../../core/retrieval/keyword-segment-format.ts';
import { exactCodes } from '../../core/retrieval/stored-vector-codes.ts';
import { baseReaderOf } from './blob-values.ts';

/**
 * A `Store` held in memory, for tests and for Node tools. Everything goes in and comes out as a
 * structured clone, so no caller can change stored state through an object it holds.
 */
export class MemoryStore implements Store {
  private readonly collections = new Map<string, Collection>();
  private readonly files = new Map<string, FileRecord>();
  private readonly chunks = new Map<string, Chunk>();
  private readonly chunkIdsByFile = new Map<string, string[]>();
  private readonly vectorRows = new Map<string, VectorRow>();
  /** Kept originals by file id. */
  private readonly originals = new Map<string, Uint8Array>();
  private readonly centroids = new Map<string, StoredCentroids>();
  private readonly vectorCodes = new Map<string, StoredVectorCodes>();
  private readonly settings = new Map<string, unknown>();
  /** Keyword segments since the last merge by sequence, with their collection. */
  private readonly keywordSegments = new Map<
    number,
    KeywordSegmentRow & { collectionId: string }
  >();
  private readonly keywordBases = new Map<string, { generation: number; bytes: Uint8Array }>();
  private readonly keywordSequenceOf = new Map<string, number>();
  private lastSequence = 0;

  async listCollections(): Promise<Collection[]> {
    return sortById([...this.collections.values()]).map((collection) =>
      structuredClone(collection),
    );
  }

  async getCollection(id: string): Promise<Collection | undefined> {
    return copyOf(this.collections.get(id));
  }

  async putCollection(collection: Collection): Promise<void> {
    const stored = this.collections.get(collection.id);
    this.collections.set(collection.id, structuredClone(keepCounts(collection, stored)));
  }

  async deleteCollection(id: string): Promise<void> {
    for (const file of this.filesOf(id)) {
      this.removeFileContent(file.id);
      this.files.delete(file.id);
    }
    this.collections.delete(id);
    this.centroids.delete(id);
    this.vectorCodes.delete(id);
    this.keywordBases.delete(id);
    for (const [sequence, row] of this.keywordSegments) {
      if (row.collectionId === id) this.keywordSegments.delete(sequence);
    }
  }

  async listFiles(collectionId: string): Promise<FileRecord[]> {
    return sortById(this.filesOf(collectionId)).map((file) => structuredClone(file));
  }

  async writeFiles(writes: readonly FileWrite[]): Promise<void> {
    const counted = validateFileWrites(writes, (id) => this.collections.get(id));
    for (const write of writes) {
      const { file, chunks } = write;
      const collection = counted.get(file.collectionId)!;
      const previous = this.files.get(file.id);
      const removedChunkCount = this.removeFileContent(file.id);
      this.files.set(file.id, structuredClone(file));
      this.putFileKeywords(file.collectionId, file.id, write.keywords);
      for (const chunk of chunks) this.chunks.set(chunk.id, structuredClone(chunk));
      this.chunkIdsByFile.set(
        file.id,
        chunks.map((chunk) => chunk.id),
      );
      const row = toVectorRow(write, collection.dim);
      if (row) this.vectorRows.set(file.id, row);
      if (write.original) this.originals.set(file.id, write.original.slice());
      const removed = previous && { status: previous.status, chunkCount: removedChunkCount };
      counted.set(collection.id, replaceCounts(collection, removed, file));
    }
    for (const collection of counted.values()) this.collections.set(collection.id, collection);
  }

  async updateFile(file: FileRecord): Promise<void> {
    validateFileUpdate(file, this.files.get(file.id));
    this.files.set(file.id, structuredClone(file));
  }

  async deleteFiles(collectionId: string, fileIds: readonly string[]): Promise<void> {
    let collection = this.collections.get(collectionId);
    for (const fileId of new Set(fileIds)) {
      const file = this.files.get(fileId);
      if (file?.collectionId !== collectionId) continue;
      const chunkCount = this.removeFileContent(fileId);
      this.files.delete(fileId);
      this.putFileKeywords(collectionId, fileId, new Uint8Array(0));
      if (collection)
        collection = replaceCounts(collection, { status: file.status, chunkCount }, undefined);
    }
    if (collection) this.collections.set(collectionId, collection);
  }

  async loadKeywords(collectionId: string): Promise<StoredKeywords> {
    const base = this.keywordBases.get(collectionId);
    const segments = [...this.keywordSegments.values()]
      .filter((row) => row.collectionId === collectionId)
      .map(({ fileId, sequence, bytes }) => ({ fileId, sequence, bytes: bytes.slice() }));
    return {
      chunkCount: this.collections.get(collectionId)?.chunkCount ?? 0,
      ...(base ? { base: base.bytes.slice() } : {}),
      generation: base?.generation ?? 0,
      segments,
    };
  }

  async openKeywordBase(collectionId: string): Promise<KeywordBaseReader | undefined> {
    return baseReaderOf(await this.loadKeywords(collectionId));
  }

  async loadKeywordState(collectionId: string): Promise<KeywordState> {
    const sequences = [...this.keywordSegments.values()]
      .filter((row) => row.collectionId === collectionId)
      .map((row) => row.sequence);
    return {
      chunkCount: this.collections.get(collectionId)?.chunkCount ?? 0,
      generation: this.keywordBases.get(collectionId)?.generation ?? 0,
      sequences,
    };
  }

  async replaceKeywordBase(
    collectionId: string,
    replacement: KeywordBaseReplacement,
  ): Promise<boolean> {
    if (!this.collections.has(collectionId)) throw new CollectionNotFoundError(collectionId);
    if ((this.keywordBases.get(collectionId)?.generation ?? 0) !== replacement.generation) {
      return false;
    }
    for (const sequence of replacement.merged) this.keywordSegments.delete(sequence);
    this.keywordBases.set(collectionId, {
      generation: replacement.generation + 1,
      bytes: joinBytes(replacement.base),
    });
    return true;
  }

  async listChunks(collectionId: string): Promise<Chunk[]> {
    const chunks = [...this.chunks.values()].filter((chunk) => chunk.collectionId === collectionId);
    return sortChunks(chunks).map((chunk) => structuredClone(chunk));
  }

  async getChunks(ids: readonly string[]): Promise<(Chunk | undefined)[]> {
    return ids.map((id) => copyOf(this.chunks.get(id)));
  }

  async getOriginal(fileId: string): Promise<Uint8Array | undefined> {
    return this.originals.get(fileId)?.slice();
  }

  async loadVectors(collectionId: string): Promise<StoredVectors> {
    return concatenateVectorRows(
      this.rowsOf(collectionId),
      this.collections.get(collectionId)?.dim ?? 0,
    );
  }

  async loadVectorBatches(
    collectionId: string,
    onBatch: (batch: StoredVectors) => void,
  ): Promise<void> {
    const dim = this.collections.get(collectionId)?.dim ?? 0;
    const rows = this.rowsOf(collectionId).sort((left, right) =>
      compareKeys(left.fileId, right.fileId),
    );
    for (let start = 0; start < rows.length; start += VECTOR_BATCH_FILES) {
      onBatch(concatenateVectorRows(rows.slice(start, start + VECTOR_BATCH_FILES), dim));
    }
  }

  async getVectors(ids: readonly string[]): Promise<(Float32Array | undefined)[]> {
    return ids.map((id) => vectorOf(this.vectorRows.get(fileIdOf(id)), id));
  }

  async replaceEmbeddings(collectionId: string, replacement: EmbeddingReplacement): Promise<void> {
    const collection = this.collections.get(collectionId);
    if (!collection) throw new CollectionNotFoundError(collectionId);
    const rows = this.rowsOf(collectionId);
    const replaced = replaceVectorRows(rows, collectionId, replacement);
    for (const row of replaced) this.vectorRows.set(row.fileId, row);
    this.collections.set(collectionId, {
      ...collection,
      embedderId: replacement.embedderId,
      dim: replacement.dim,
    });
    this.centroids.delete(collectionId);
    this.vectorCodes.delete(collectionId);
  }

  async putVectorCodes(codes: StoredVectorCodes): Promise<void> {
    this.requireCollection(codes.collectionId);
    this.vectorCodes.set(codes.collectionId, exactCodes(codes));
  }

  async getVectorCodes(collectionId: string): Promise<StoredVectorCodes | undefined> {
    return copyOf(this.vectorCodes.get(collectionId));
  }

  async putCentroids(centroids: StoredCentroids): Promise<void> {
    this.requireCollection(centroids.collectionId);
    this.centroids.set(centroids.collectionId, structuredClone(centroids));
  }

  async getCentroids(collectionId: string): Promise<StoredCentroids | undefined> {
    return copyOf(this.centroids.get(collectionId));
  }

  async getSetting<T>(key: string): Promise<T | undefined> {
    return copyOf(this.settings.get(key) as T | undefined);
  }

  async putSetting(key: string, value: unknown): Promise<void> {
    this.settings.set(key, structuredClone(value));
  }

  /** The file's keyword segment replaced by `bytes` (none: deleted), under a new sequence. */
  private putFileKeywords(collectionId: string, fileId: string, bytes: Uint8Array): void {
    this.keywordSegments.delete(this.keywordSequenceOf.get(fileId) ?? 0);
    this.lastSequence += 1;
    const sequence = this.lastSequence;
    this.keywordSequenceOf.set(fileId, sequence);
    this.keywordSegments.set(sequence, { collectionId, fileId, sequence, bytes: bytes.slice() });
  }

  private requireCollection(collectionId: string): void {
    if (!this.collections.has(collectionId)) throw new CollectionNotFoundError(collectionId);
  }

  private rowsOf(collectionId: string): VectorRow[] {
    return [...this.vectorRows.values()].filter((row) => row.collectionId === collectionId);
  }

  private filesOf(collectionId: string): FileRecord[] {
    return [...this.files.values()].filter((file) => file.collectionId === collectionId);
  }

  /** Drops the file's chunks, vectors and original; returns how many chunks it had. */
  private removeFileContent(fileId: string): number {
    const chunkIds = this.chunkIdsByFile.get(fileId) ?? [];
    for (const id of chunkIds) this.chunks.delete(id);
    this.chunkIdsByFile.delete(fileId);
    this.vectorRows.delete(fileId);
    this.originals.delete(fileId);
    return chunkIds.length;
  }
}

function copyOf<Value>(value: Value | undefined): Value | undefined {
  return value === undefined ? undefined : structuredClone(value);
}
