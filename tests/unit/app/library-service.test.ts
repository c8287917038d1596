import { describe, expect, it } from 'vitest';
import type { SyncEvent } from '../../../src/app/library-types.ts';
import { FILES, folder, openLibrary } from './library-fixtures.ts';

describe('LibraryService', () => {
  it('syncs a folder into a collection named after it and reports skipped files', async () => {
    const library = openLibrary();
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

  it("lists a collection's files a page at a time, and the first passage opens a file", async () => {
    const library = openLibrary();
    await library.syncFolder(
      { jobId: 'job', folder: { kind: 'files', files: folder(FILES) } },
      () => undefined,
    );
    const [collection] = await library.listCollections();
    const request = { collectionId: collection?.id ?? '', offset: 0, limit: 2 };
    const first = await library.listContents(request);
    expect(first.files.map((file) => [file.path, file.status])).toEqual([
      ['empty.txt', 'skipped'],
      ['notes/garden.md', 'indexed'],
    ]);
    expect(first).toMatchObject({ matching: 4, counts: { all: 4, indexed: 2, skipped: 2 } });
    const garden = await library.openDocument(first.files[1]?.firstChunkId ?? '');
    expect(garden.path).toBe('notes/garden.md');
    const indexedText = await library.listContents({ ...request, status: 'indexed', type: 'txt' });
    expect(indexedText.files.map((file) => file.path)).toEqual(['recipes.txt']);
  });

  it('finds a passage with its matched words and opens it in its document', async () => {
    const library = openLibrary();
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
    const library = openLibrary();
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
    const library = openLibrary();
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
