import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { LibraryService, type LibraryDependencies } from '../../../src/app/library-service.ts';
import type { EmbedderRegistry } from '../../../src/app/embedder-registry.ts';
import type { PickedFile } from '../../../src/app/library-types.ts';
import { IdbConversationStore } from '../../../src/adapters/store/idb-conversation-store.ts';
import { IdbStore } from '../../../src/adapters/store/idb-store.ts';
import { eraseSiteData } from '../../../src/adapters/store/site-data.ts';
import { FlatIndex } from '../../../src/adapters/vector/index.ts';
import { EmbedderLoadError } from '../../../src/core/errors.ts';
import { defaultParsers } from '../../../src/core/ingest/default-parsers.ts';
import { ParserRegistry } from '../../../src/core/ingest/parser-registry.ts';
import type { Embedder } from '../../../src/core/ports/embedder.ts';
import { analyze } from '../../../src/core/retrieval/text-analysis.ts';

/**
 * Bag of hashed words: enough for dense search to find a passage sharing the query's words. Two
 * of them with different `dim` stand for two embedding models.
 */
export function wordHashEmbedder(id: string, dim: number): Embedder & { calls: number } {
  return {
    id,
    dim,
    calls: 0,
    async embed(texts) {
      this.calls += 1;
      const vectors = new Float32Array(texts.length * dim);
      texts.forEach((text, row) => {
        for (const term of analyze(text)) {
          let hash = 0;
          for (const character of term) hash = (hash * 31 + character.charCodeAt(0)) % dim;
          const index = row * dim + hash;
          vectors[index] = (vectors[index] ?? 0) + 1;
        }
        const vector = vectors.subarray(row * dim, (row + 1) * dim);
        const norm = Math.hypot(...vector) || 1;
        vector.forEach((value, index) => (vector[index] = value / norm));
      });
      return vectors;
    },
  };
}

/** A model that cannot be downloaded (the device is offline). */
export const UNREACHABLE_MODEL = 'test/unreachable';

/** The registry of the tests: `test/word-hash` (the default, 32-d) and `test/word-hash-16`. */
export function testEmbedders(): EmbedderRegistry {
  const embedders = new Map(
    [wordHashEmbedder('test/word-hash', 32), wordHashEmbedder('test/word-hash-16', 16)].map(
      (embedder) => [embedder.id, embedder],
    ),
  );
  return {
    defaultModelId: 'test/word-hash',
    async load(modelId, onDownload) {
      const embedder = embedders.get(modelId);
      if (!embedder) throw new EmbedderLoadError(modelId, 'this device is offline');
      onDownload?.({ loadedBytes: 10, totalBytes: 10 });
      return embedder;
    },
  };
}

export const FILES: Record<string, string> = {
  'notes/garden.md':
    '# Garden\n\nThe tomatoes grow in the south bed.\n\n## Pests\n\nSnails ate the basil.',
  'recipes.txt': 'Bread needs flour, water, salt and yeast.\n\nBake it for forty minutes.',
  'empty.txt': '',
  'picture.png': 'not really a picture',
};

/** The files of a folder called `name`, as the folder input gives them. */
export function folder(
  files: Record<string, string>,
  lastModified = 1000,
  name = 'home',
): PickedFile[] {
  return Object.entries(files).map(([path, content]) => ({
    relativePath: `${name}/${path}`,
    file: new File([content], path.split('/').at(-1) ?? path, { lastModified }),
  }));
}

/**
 * A library on its own empty database, or on `factory`'s (to open it again, as a reload does, or
 * as another tab), reading files with the pure parsers or with `parsers`; `tab` adds what tabs
 * share (`locks`, `changes`); `tab.embedders` replaces the test registry.
 */
export function openLibrary(
  factory = new IDBFactory(),
  parsers = new ParserRegistry(defaultParsers),
  tab: Partial<Pick<LibraryDependencies, 'locks' | 'changes' | 'embedders'>> = {},
): LibraryService {
  const store = IdbStore.open('library-test', { indexedDB: factory });
  const conversations = new IdbConversationStore({ indexedDB: factory });
  return new LibraryService({
    store,
    embedders: testEmbedders(),
    parsers,
    createVectorIndex: (dim) => new FlatIndex(dim),
    estimateStorage: async () => ({ usage: 1, quota: 2 }),
    conversations,
    eraseAll: async () => {
      await Promise.allSettled([store.then((opened) => opened.close()), conversations.close()]);
      await eraseSiteData({ indexedDB: factory });
    },
    ...tab,
  });
}
