import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createEmbedder } from './node-embedder.ts';
import { createNodeParsers } from './node-parsers.ts';
import { MemoryStore } from '../src/adapters/store/memory-store.ts';
import { NodeFolderSource } from '../src/adapters/source/node-folder-source.ts';
import { chooseVectorIndex } from '../src/adapters/vector/index.ts';
import { newCollection } from '../src/core/collection.ts';
import { runIngest } from '../src/core/ingest/ingest-job.ts';
import type { IngestProgress } from '../src/core/ingest/progress.ts';
import type { Embedder } from '../src/core/ports/embedder.ts';
import { LibrarySearch } from '../src/core/retrieval/library-search.ts';

export interface NodeLibraryOptions {
  /** A folder whose subfolders are collections. */
  docs: string;
  /** Only these subfolders; all when absent. */
  collections?: readonly string[];
}

export interface NodeLibrary {
  search: LibrarySearch;
  /** The built-in embedder, which every collection uses. */
  embedder: Embedder;
  collectionIds: string[];
  chunkCount: number;
  /** The final progress record of each collection's ingest. */
  ingests: IngestProgress[];
  seconds: number;
}

/** Indexes each collection folder under `docs` into an in-memory store with the real adapters. */
export async function openNodeLibrary(options: NodeLibraryOptions): Promise<NodeLibrary> {
  const entries = await readdir(options.docs, { withFileTypes: true });
  const available = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  const collectionIds = (options.collections ?? available).filter((name) => name.length > 0);
  for (const name of collectionIds) {
    if (!available.includes(name))
      throw new Error(`No collection folder "${name}" in ${options.docs}.`);
  }
  const store = new MemoryStore();
  const embedder = await createEmbedder();
  const parsers = createNodeParsers();
  const search = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
  const ingests: IngestProgress[] = [];
  const started = performance.now();
  for (const id of collectionIds) {
    const collection = newCollection(id, id, embedder);
    await store.putCollection(collection);
    ingests.push(
      await runIngest({
        collection,
        source: new NodeFolderSource(join(options.docs, id)),
        store,
        embedder,
        parsers,
        index: await search.open(id),
        onProgress: logProgress(id),
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const collections = await store.listCollections();
  const chunkCount = collections.reduce((sum, collection) => sum + collection.chunkCount, 0);
  return { search, embedder, collectionIds, chunkCount, ingests, seconds };
}

/** Progress on stderr, so stdout keeps only the result. */
function logProgress(name: string): (progress: IngestProgress) => void {
  return (progress) => {
    if (!process.stderr.isTTY) return;
    process.stderr.write(
      `\r${name}: ${progress.phase} ${progress.filesDone}/${progress.filesTotal} files, ${progress.chunksDone} chunks`,
    );
    if (progress.phase === 'done') process.stderr.write('\n');
  };
}
