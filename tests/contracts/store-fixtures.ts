import type { FileWrite, Store, StoredCentroids } from '../../src/core/ports/store.ts';
import { chunkKeywords } from '../../src/core/retrieval/keyword-segment.ts';
import { encodeSegment } from '../../src/core/retrieval/keyword-segment-format.ts';
import type { Chunk, Collection, FileRecord, FileStatus } from '../../src/core/types.ts';

export const DIM = 4;

export function makeCollection(id: string, overrides: Partial<Collection> = {}): Collection {
  return {
    id,
    name: `Collection ${id}`,
    embedderId: 'test/embedder',
    dim: DIM,
    createdAt: 1,
    updatedAt: 1,
    fileCount: 0,
    chunkCount: 0,
    issueCounts: { skipped: 0, failed: 0 },
    ...overrides,
  };
}

export interface WriteOptions {
  chunkCount?: number;
  status?: FileStatus;
  /** Added to every float, so two versions of a file have different vectors. */
  seed?: number;
}

/** A write of `collectionId/path` with `chunkCount` chunks and distinct, exactly known vectors. */
export function makeWrite(
  collectionId: string,
  path: string,
  options: WriteOptions = {},
): FileWrite {
  const status = options.status ?? 'indexed';
  const chunkCount = status === 'indexed' ? (options.chunkCount ?? 2) : 0;
  const fileId = `${collectionId}/${path}`;
  const file: FileRecord = {
    id: fileId,
    collectionId,
    path,
    size: 100,
    mtime: 2,
    hash: status === 'indexed' ? 'ab'.repeat(32) : '',
    status,
    chunkCount,
    indexedAt: 3,
    ...(status === 'indexed' ? {} : { error: { name: 'BinaryFileError', message: 'binary' } }),
  };
  const chunks = Array.from({ length: chunkCount }, (_, ordinal) => makeChunk(file, ordinal));
  const vectors = new Float32Array(chunkCount * DIM);
  const seed = options.seed ?? 0;
  for (let index = 0; index < vectors.length; index += 1) {
    vectors[index] = Math.fround(Math.sin(seed * 1000 + index + path.length) / 3);
  }
  return { file, chunks, vectors, keywords: encodeSegment(chunkKeywords(chunks)) };
}

function makeChunk(file: FileRecord, ordinal: number): Chunk {
  return {
    id: `${file.id}#${ordinal}`,
    collectionId: file.collectionId,
    fileId: file.id,
    path: file.path,
    ordinal,
    text: `Text ${ordinal} of ${file.path}`,
    start: ordinal * 10,
    end: ordinal * 10 + 9,
    headingPath: ['Title', `Section ${ordinal}`],
  };
}

/** The floats of chunk `id` as written, for comparing with what a store loads. */
export function vectorOf(write: FileWrite, id: string): Float32Array {
  const row = write.chunks.findIndex((chunk) => chunk.id === id);
  return write.vectors.slice(row * DIM, (row + 1) * DIM);
}

/** Bytes, so a comparison is bit-exact (NaN, -0). */
export function bytesOf(vectors: Float32Array): number[] {
  return [...new Uint8Array(vectors.buffer, vectors.byteOffset, vectors.byteLength)];
}

export function makeCentroids(collectionId: string): StoredCentroids {
  return {
    collectionId,
    dim: DIM,
    centroids: new Float32Array([0.5, -0.25, 0, 1, 0.125, 0.75, -1, 0]),
    counts: [3, 4],
    chunkCount: 7,
    updatedAt: 10,
  };
}

/** A store from `createStore` holding empty collections with these ids. */
export async function storeWithCollections(
  createStore: () => Promise<Store>,
  ...ids: string[]
): Promise<Store> {
  const store = await createStore();
  for (const id of ids) await store.putCollection(makeCollection(id));
  return store;
}

/** The file and chunk counts the store keeps for a collection. */
export async function countsOf(store: Store, id: string) {
  const collection = await store.getCollection(id);
  return { files: collection?.fileCount, chunks: collection?.chunkCount };
}
