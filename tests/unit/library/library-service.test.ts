import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { LibraryService } from '../../../src/adapters/library/library-service.ts';
import type { PickedFile, SyncEvent } from '../../../src/adapters/library/library-types.ts';
import { IdbStore } from '../../../src/adapters/store/idb-store.ts';
import { FlatIndex } from '../../../src/adapters/vector/index.ts';
import { defaultParsers } from '../../../src/core/ingest/default-parsers.ts';
import { ParserRegistry } from '../../../src/core/ingest/parser-registry.ts';
import type { Embedder } from '../../../src/core/ports/embedder.ts';
import { analyze } from '../../../src/core/retrieval/text-analysis.ts';

const DIM = 32;

/** Bag of hashed words: enough for dense search to find a passage sharing the query's words. */
const wordHashEmbedder: Embedder = {
  id: 'test/word-hash',
  dim: DIM,
  async embed(texts) {
    const vectors = new Float32Array(texts.length * DIM);
    texts.forEach((text, row) => {
      for (const term of analyze(text)) {
        let hash = 0;
        for (const character of term) hash = (hash * 31 + character.charCodeAt(0)) % DIM;
        const index = row * DIM + hash;
        vectors[index] = (vectors[index] ?? 0) + 1;
      }
      const vector = vectors.subarray(row * DIM, (row + 1) * DIM);
      const norm = Math.hypot(...vector) || 1;
      vector.forEach((value, index) => (vector[index] = value / norm));
    });
    return vectors;
  },
};

const FILES: Record<string, string> = {
  'notes/garden.md':
    '# Garden\n\nThe tomatoes grow in the south bed.\n\n## Pests\n\nSnails ate the basil.',
  'recipes.txt': 'Bread needs flour, water, salt and yeast.\n\nBake it for forty minutes.',
  'empty.txt': '',
  'picture.png': 'not really a picture',
};

function folder(files: Record<string, string>, lastModified = 1000): PickedFile[] {
  return Object.entries(files).map(([path, content]) => ({
    relativePath: `home/${path}`,
    file: new File([content], path.split('/').at(-1) ?? path, { lastModified }),
  }));
}

async function openLibrary(): Promise<LibraryService> {
  return new LibraryService({
    store: IdbStore.open('library-test', { indexedDB: new IDBFactory() }),
    embedder: wordHashEmbedder,
    parsers: new ParserRegistry(defaultParsers),
    createVectorIndex: (dim) => new FlatIndex(dim),
    estimateStorage: async () => ({ usage: 1, quota: 2 }),
  });
}

describe('LibraryService', () => {
  it('syncs a folder into a collection named after it and reports skipped files', async () => {
    const library = await openLibrary();
    const events: SyncEvent[] = [];
    const summary = await library.syncFolder(
      { jobId: 'job-1', folder: { kind: 'files', files: folder(FILES) } },
      (event) => events.push(event),
    );
    expect(summary).toMatchObject({ collectionName: 'home', added: 2, skipped: 2, failed: 0 });
    expect(events.at(-1)?.progress.phase).toBe('done');
    const [collection] = await library.listCollections();
    expect(collection).toMatchObject({ name: 'home', fileCount: 2, skippedFiles: 2 });
    const issues = await library.listFileIssues(collection?.id ?? '');
    expect(issues.map((issue) => [issue.path, issue.errorName])).toEqual([
      ['empty.txt', 'EmptyFileError'],
      ['picture.png', 'UnsupportedFileError'],
    ]);
  });

  it('finds a passage with its matched words and opens it in its document', async () => {
    const library = await openLibrary();
    await library.syncFolder(
      { jobId: 'job', folder: { kind: 'files', files: folder(FILES) } },
      () => undefined,
    );
    for (const mode of ['bm25', 'dense', 'hybrid'] as const) {
      const [top] = await library.search({ query: 'snails basil', mode });
      expect(top?.path).toBe('notes/garden.md');
    }
    const [top] = await library.search({ query: 'snails basil', mode: 'hybrid' });
    expect(top?.headingPath).toEqual(['Garden', 'Pests']);
    expect(top?.matches.map(({ start, end }) => top.text.slice(start, end))).toEqual([
      'Snails',
      'basil',
    ]);
    const document = await library.openDocument(top?.chunkId ?? '', 'snails');
    expect(document.text).toContain('The tomatoes grow in the south bed.');
    expect(document.text.slice(document.passage.start, document.passage.end)).toBe(top?.text);
    expect(document.matches.map(({ start, end }) => document.text.slice(start, end))).toEqual([
      'Snails',
    ]);
  });

  it('re-indexes only a changed file when the same folder is synced again', async () => {
    const library = await openLibrary();
    await library.syncFolder(
      { jobId: 'first', folder: { kind: 'files', files: folder(FILES) } },
      () => undefined,
    );
    const changed = { ...FILES, 'recipes.txt': `${FILES['recipes.txt']}\n\nRye bread is darker.` };
    const files = folder(changed).map((item) =>
      item.relativePath.endsWith('recipes.txt')
        ? {
            ...item,
            file: new File([changed['recipes.txt'] ?? ''], 'recipes.txt', { lastModified: 2000 }),
          }
        : item,
    );
    const summary = await library.syncFolder(
      { jobId: 'second', folder: { kind: 'files', files } },
      () => undefined,
    );
    expect(summary).toMatchObject({ added: 0, updated: 1, unchanged: 3, removed: 0 });
    expect(await library.listCollections()).toHaveLength(1);
    const [top] = await library.search({ query: 'rye', mode: 'bm25' });
    expect(top?.path).toBe('recipes.txt');
  });

  it('rejects a cancelled sync with AbortError and deletes a collection', async () => {
    const library = await openLibrary();
    const pending = library.syncFolder(
      { jobId: 'job', folder: { kind: 'files', files: folder(FILES) } },
      () => undefined,
    );
    library.cancel('job');
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await library.syncFolder(
      { jobId: 'again', folder: { kind: 'files', files: folder(FILES) } },
      () => undefined,
    );
    const [collection] = await library.listCollections();
    await library.deleteCollection(collection?.id ?? '');
    expect(await library.listCollections()).toEqual([]);
    expect(await library.search({ query: 'bread', mode: 'bm25' })).toEqual([]);
  });
});
