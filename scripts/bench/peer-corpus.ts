/** The chunks and vectors `bench peers` feeds every engine, from a library the app indexed. */
import { MemoryStore } from '../../src/adapters/store/memory-store.ts';
import { NodeFolderSource } from '../../src/adapters/source/node-folder-source.ts';
import { chooseVectorIndex } from '../../src/adapters/vector/index.ts';
import { newCollection } from '../../src/core/collection.ts';
import { runIngest } from '../../src/core/ingest/ingest-job.ts';
import type { Embedder } from '../../src/core/ports/embedder.ts';
import type { Store } from '../../src/core/ports/store.ts';
import { keywordText } from '../../src/core/retrieval/index-text.ts';
import { LibrarySearch } from '../../src/core/retrieval/library-search.ts';
import { createNodeParsers } from '../node-parsers.ts';
import { PEER_COLLECTION, type PeerCorpus } from './peer-engines.ts';

/** `folder` indexed by the app's pipeline into a memory store, as collection `PEER_COLLECTION`. */
export async function indexFolder(folder: string, embedder: Embedder): Promise<MemoryStore> {
  const store = new MemoryStore();
  const collection = newCollection(PEER_COLLECTION, PEER_COLLECTION, embedder, 0);
  await store.putCollection(collection);
  const search = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
  const progress = await runIngest({
    collection,
    source: new NodeFolderSource(folder),
    store,
    embedder,
    parsers: createNodeParsers(),
    index: await search.open(collection.id),
  });
  if (progress.filesFailed > 0) throw new Error(`${progress.filesFailed} files failed to index.`);
  return store;
}

/** The collection's chunks as keyword texts with their vectors, in document order. */
export async function readCorpus(store: Store): Promise<PeerCorpus> {
  const [chunks, stored] = await Promise.all([
    store.listChunks(PEER_COLLECTION),
    store.loadVectors(PEER_COLLECTION),
  ]);
  const rowOf = new Map(stored.ids.map((id, row) => [id, row]));
  const { dim } = stored;
  const vectors = new Float32Array(chunks.length * dim);
  chunks.forEach((chunk, row) => {
    const from = rowOf.get(chunk.id)!;
    vectors.set(stored.vectors.subarray(from * dim, (from + 1) * dim), row * dim);
  });
  return {
    ids: chunks.map((chunk) => chunk.id),
    fileIds: chunks.map((chunk) => chunk.fileId),
    texts: chunks.map(keywordText),
    dim,
    vectors,
  };
}
