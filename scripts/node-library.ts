import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createEmbedder } from './node-embedder.ts';
import { IsolatedParsers } from './isolated-parsers.ts';
import { MemoryStore } from '../src/adapters/store/memory-store.ts';
import { NodeFolderSource } from '../src/adapters/source/node-folder-source.ts';
import { chooseVectorIndex } from '../src/adapters/vector/index.ts';
import { newCollection } from '../src/core/collection.ts';
import { runIngest } from '../src/core/ingest/ingest-job.ts';
import type { IngestProgress } from '../src/core/ingest/progress.ts';
import type { Embedder } from '../src/core/ports/embedder.ts';
import type { FolderSource, SourceFile } from '../src/core/ports/folder-source.ts';
import type { Store } from '../src/core/ports/store.ts';
import { LibrarySearch } from '../src/core/retrieval/library-search.ts';

export interface NodeLibraryOptions {
  /** A folder whose subfolders are collections; files at its top are the collection ".". */
  docs: string;
  /** Only these subfolders (or "."); all when absent. */
  collections?: readonly string[];
  /**
   * Read images and scanned PDF pages with OCR (tesseract.js, English), as the app does by
   * default; true when absent.
   */
  ocr?: boolean;
}

/** The collection of the files at the top of `--docs`, beside its subfolders. */
export const TOP_FILES_COLLECTION = '.';

/** A file's path relative to `--docs`. */
export function docsPath(collectionId: string, path: string): string {
  return collectionId === TOP_FILES_COLLECTION ? path : `${collectionId}/${path}`;
}

export interface NodeLibrary {
  search: LibrarySearch;
  /** The in-memory store every collection was indexed into. */
  store: Store;
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
  const available = entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name);
  if (entries.some((entry) => entry.isFile() && !entry.name.startsWith('.'))) {
    available.push(TOP_FILES_COLLECTION);
  }
  const collectionIds = (options.collections ?? available).filter((name) => name.length > 0);
  for (const name of collectionIds) {
    if (!available.includes(name))
      throw new Error(`No collection folder "${name}" in ${options.docs}.`);
  }
  const store = new MemoryStore();
  const embedder = await createEmbedder();
  // In a thread of their own: a file that makes a parser run away fails alone.
  const parsers = new IsolatedParsers({ ocr: options.ocr !== false });
  const search = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
  const ingests: IngestProgress[] = [];
  const started = performance.now();
  try {
    for (const id of collectionIds) {
      const collection = newCollection(id, id, embedder);
      await store.putCollection(collection);
      ingests.push(
        await runIngest({
          collection,
          source:
            id === TOP_FILES_COLLECTION
              ? new TopFilesSource(options.docs)
              : new NodeFolderSource(join(options.docs, id)),
          store,
          embedder,
          parsers,
          index: await search.open(id),
          onProgress: logProgress(id),
        }),
      );
    }
  } finally {
    await parsers.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const collections = await store.listCollections();
  const chunkCount = collections.reduce((sum, collection) => sum + collection.chunkCount, 0);
  return { search, store, embedder, collectionIds, chunkCount, ingests, seconds };
}

/** The files directly in a folder: its subfolders are collections of their own. */
class TopFilesSource implements FolderSource {
  readonly name: string;
  readonly #folder: NodeFolderSource;

  constructor(root: string) {
    this.#folder = new NodeFolderSource(root);
    this.name = this.#folder.name;
  }

  async list(signal?: AbortSignal): Promise<SourceFile[]> {
    return (await this.#folder.list(signal)).filter((file) => !file.path.includes('/'));
  }
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
