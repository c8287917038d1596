import { describe, expect, it } from 'vitest';
import type { SyncEvent } from '../../../src/app/library-types.ts';
import { IDBFactory } from 'fake-indexeddb';
import { defaultParsers } from '../../../src/core/ingest/default-parsers.ts';
import { documentFromBlocks } from '../../../src/core/ingest/parsed-document.ts';
import { ParserRegistry } from '../../../src/core/ingest/parser-registry.ts';
import type { Parser } from '../../../src/core/ports/parser.ts';
import type { PlacedWord } from '../../../src/core/types.ts';
import { FILES, folder, openLibrary } from './library-fixtures.ts';

/** A scan for the tests: its text comes as one OCR'd block on page 1, each word placed. */
const scanParser: Parser = {
  extensions: ['scan'],
  async parse({ path, bytes }) {
    const text = new TextDecoder().decode(bytes);
    const words: PlacedWord[] = text
      .split(' ')
      .map((word, index) => ({ text: word, x: 72 + index * 60, y: 700, width: 50, height: 12 }));
    return documentFromBlocks(path, [{ kind: 'paragraph', text, page: 1, ocr: true, words }]);
  },
};

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

  it("marks OCR'd passages in results and hands the viewer their placed words", async () => {
    const parsers = new ParserRegistry([...defaultParsers, scanParser]);
    const library = openLibrary(new IDBFactory(), parsers);
    const files = { 'ledger.scan': 'Seventeen barrels of lamp oil', 'recipes.txt': 'Lamp soup.' };
    await library.syncFolder(
      { jobId: 'job', folder: { kind: 'files', files: folder(files) } },
      () => undefined,
    );
    const results = await library.search({ query: 'lamp', mode: 'bm25' });
    const byPath = Object.fromEntries(results.map((result) => [result.path, result]));
    expect(byPath['ledger.scan']?.ocr).toBe(true);
    expect(byPath['recipes.txt']).not.toHaveProperty('ocr');

    const scan = await library.openDocument(byPath['ledger.scan']?.chunkId ?? '');
    expect(scan).toMatchObject({ page: 1, ocr: true });
    expect(scan.words?.map((word) => word.text)).toEqual([
      'Seventeen',
      'barrels',
      'of',
      'lamp',
      'oil',
    ]);
    const text = await library.openDocument(byPath['recipes.txt']?.chunkId ?? '');
    expect(text).not.toHaveProperty('ocr');
    expect(text).not.toHaveProperty('words');
  });
});
