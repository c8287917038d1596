import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { readOriginal } from '../../../src/app/original-file.ts';
import { defaultParsers } from '../../../src/core/ingest/default-parsers.ts';
import { documentFromBlocks } from '../../../src/core/ingest/parsed-document.ts';
import { ParserRegistry } from '../../../src/core/ingest/parser-registry.ts';
import type { Parser } from '../../../src/core/ports/parser.ts';
import type { Chunk, FileRecord } from '../../../src/core/types.ts';
import { folder, openLibrary } from './library-fixtures.ts';

/** A paged format for the tests: every line of the file is a page. */
const pagedParser: Parser = {
  extensions: ['pages'],
  async parse({ path, bytes }) {
    const lines = new TextDecoder().decode(bytes).split('\n');
    return documentFromBlocks(
      path,
      lines.map((text, index) => ({ kind: 'paragraph', text, page: index + 1 })),
    );
  },
};

const RECORD: FileRecord = {
  id: 'c/docs/report.pdf',
  collectionId: 'c',
  path: 'docs/report.pdf',
  size: 3,
  mtime: 1000,
  hash: 'ab',
  status: 'indexed',
  chunkCount: 1,
  indexedAt: 1,
};

const CHUNK: Chunk = {
  id: `${RECORD.id}#0`,
  collectionId: 'c',
  fileId: RECORD.id,
  path: RECORD.path,
  ordinal: 0,
  text: 'Page one',
  start: 0,
  end: 8,
  page: 1,
  headingPath: [],
};

/** A directory handle over `files` (paths with slashes), with `permission` to read it. */
function folderHandle(files: Record<string, File>, permission: PermissionState = 'granted') {
  const directory = (prefix: string): unknown => ({
    async getDirectoryHandle(name: string) {
      const inside = `${prefix}${name}/`;
      if (!Object.keys(files).some((path) => path.startsWith(inside))) {
        throw new DOMException('missing', 'NotFoundError');
      }
      return directory(inside);
    },
    async getFileHandle(name: string) {
      const file = files[`${prefix}${name}`];
      if (!file) throw new DOMException('missing', 'NotFoundError');
      return { getFile: async () => file };
    },
    async queryPermission() {
      return permission;
    },
  });
  return directory('');
}

function source(handle?: unknown, kept?: Uint8Array) {
  return {
    getOriginal: async () => kept,
    getFolderHandle: async () => handle,
    listFiles: async () => [RECORD],
  };
}

describe('readOriginal', () => {
  const file = new File([new Uint8Array([7, 8, 9])], 'report.pdf', { lastModified: 1000 });

  it('prefers the copy kept at indexing', async () => {
    const kept = new Uint8Array([1, 2]);
    expect(await readOriginal(source(folderHandle({}), kept), CHUNK)).toBe(kept);
  });

  it('reads the unchanged file through the folder handle when no copy was kept', async () => {
    const handle = folderHandle({ 'docs/report.pdf': file });
    expect(await readOriginal(source(handle), CHUNK)).toEqual(new Uint8Array([7, 8, 9]));
  });

  it('says why when neither is possible', async () => {
    const reason = (handle?: unknown) =>
      readOriginal(source(handle), CHUNK).then(
        () => 'read',
        (error: Error) => `${error.name}: ${error.message}`,
      );
    expect(await reason()).toMatch(/^OriginalUnavailableError: .*added as a list of files/);
    expect(await reason(folderHandle({ 'docs/report.pdf': file }, 'prompt'))).toMatch(
      /needs your permission/,
    );
    expect(await reason(folderHandle({}))).toMatch(/changed, moved or become unreadable/);
    const changed = new File([new Uint8Array([7, 8, 9])], 'report.pdf', { lastModified: 2000 });
    expect(await reason(folderHandle({ 'docs/report.pdf': changed }))).toMatch(/has changed/);
  });

  it('hands the library’s kept PDF bytes to the viewer with the passage’s page', async () => {
    const library = openLibrary(
      new IDBFactory(),
      new ParserRegistry([...defaultParsers, pagedParser]),
    );
    const files = { 'atlas.pages': 'Rivers of the north\nMountains of the south', 'a.md': 'Plain' };
    await library.syncFolder(
      { jobId: 'job', folder: { kind: 'files', files: folder(files) } },
      () => undefined,
    );
    const [mountains] = await library.search({ query: 'mountains', mode: 'bm25' });
    const view = await library.openDocument(mountains?.chunkId ?? '');
    expect(view).toMatchObject({ path: 'atlas.pages', page: 2, fileId: expect.any(String) });
    const bytes = await library.openOriginal(view.chunkId);
    expect(new TextDecoder().decode(bytes)).toBe(files['atlas.pages']);

    const [plain] = await library.search({ query: 'plain', mode: 'bm25' });
    const plainView = await library.openDocument(plain?.chunkId ?? '');
    expect(plainView.page).toBeUndefined();
    await expect(library.openOriginal(plainView.chunkId)).rejects.toMatchObject({
      name: 'OriginalUnavailableError',
    });
    await expect(library.openOriginal('missing#0')).rejects.toMatchObject({
      name: 'PassageNotFoundError',
    });
  });
});
