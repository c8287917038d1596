import { mkdtemp, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/adapters/store/memory-store.ts';
import { NodeFolderSource } from '../../src/adapters/source/node-folder-source.ts';
import { chooseVectorIndex } from '../../src/adapters/vector/index.ts';
import { newCollection } from '../../src/core/collection.ts';
import { runIngest } from '../../src/core/ingest/ingest-job.ts';
import type { IngestProgress } from '../../src/core/ingest/progress.ts';
import type { Embedder } from '../../src/core/ports/embedder.ts';
import { LibrarySearch } from '../../src/core/retrieval/library-search.ts';
import type { Collection, FileRecord } from '../../src/core/types.ts';
import { createEmbedder } from '../../scripts/node-embedder.ts';
import { makePdf } from '../../scripts/fixtures/pdf-writer.ts';
import { createNodeParsers } from '../../scripts/node-parsers.ts';

const parsers = createNodeParsers();
let embedder: Embedder;
let folder: string;

beforeAll(async () => {
  embedder = await createEmbedder();
});

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'archivist-attachments-'));
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

interface Part {
  name: string;
  type: string;
  content: Uint8Array | string;
}

/** An e-mail with a text body and base64 attachments, as a mail program writes one. */
function email(subject: string, body: string, parts: Part[]): string {
  const lines = [
    'From: "Ines Moreau" <ines@example.org>',
    'To: team@example.org',
    `Subject: ${subject}`,
    'Date: Mon, 3 Mar 2025 09:15:00 +0100',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="part"',
    '',
    '--part',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
  ];
  for (const part of parts) {
    lines.push(
      '--part',
      `Content-Type: ${part.type}; name="${part.name}"`,
      `Content-Disposition: attachment; filename="${part.name}"`,
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(part.content).toString('base64'),
    );
  }
  lines.push('--part--', '');
  return lines.join('\r\n');
}

const budget: Part = {
  name: 'budget.csv',
  type: 'text/csv',
  content: 'line,amount\nglacier drilling rig rental,48200\nfield crew,31000\n',
};
const report: Part = {
  name: 'report.pdf',
  type: 'application/pdf',
  content: makePdf([[{ text: 'The moraine survey counted 1,874 boulders.' }]], 'Survey'),
};
const archive: Part = { name: 'photos.zip', type: 'application/zip', content: 'PK\u0003\u0004' };
const blank: Part = { name: 'signature.html', type: 'text/html', content: '<p> </p>' };

async function ingest(store: MemoryStore, collection: Collection, search?: LibrarySearch) {
  return runIngest({
    collection,
    source: new NodeFolderSource(folder),
    store,
    embedder,
    parsers,
    keepPagedOriginals: true,
    ...(search ? { index: await search.open(collection.id) } : {}),
  });
}

async function setUp(): Promise<{
  store: MemoryStore;
  collection: Collection;
  search: LibrarySearch;
}> {
  const store = new MemoryStore();
  const collection = newCollection('mail', 'mail', embedder, 0);
  await store.putCollection(collection);
  const search = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
  return { store, collection, search };
}

const byPath = (files: readonly FileRecord[]) =>
  Object.fromEntries(files.map((file) => [file.path, file]));

describe('ingesting e-mail with attachments', () => {
  it('indexes each readable attachment as its own searchable document under the message, and names the others in its warnings', async () => {
    await writeFile(
      join(folder, 'funding.eml'),
      email('Funding request', 'Please review the attached budget.', [
        budget,
        report,
        archive,
        blank,
      ]),
    );
    const { store, collection, search } = await setUp();
    const progress: IngestProgress = await ingest(store, collection, search);
    expect(progress).toMatchObject({ phase: 'done', filesTotal: 1, filesDone: 1, filesFailed: 0 });

    const files = byPath(await store.listFiles(collection.id));
    expect(Object.keys(files).sort()).toEqual([
      'funding.eml',
      'funding.eml/attachments/budget.csv',
      'funding.eml/attachments/report.pdf',
    ]);
    expect(files['funding.eml']).toMatchObject({
      status: 'indexed',
      warnings: [
        'Attachments not indexed (type not supported): photos.zip',
        'Attachments not indexed (no text to index): signature.html',
      ],
    });
    expect(files['funding.eml']).not.toHaveProperty('container');
    expect(files['funding.eml/attachments/budget.csv']).toMatchObject({
      status: 'indexed',
      container: 'funding.eml',
    });

    const { passages } = await search.search('glacier drilling rig rental', { mode: 'bm25', k: 3 });
    expect(passages[0]?.chunk.path).toBe('funding.eml/attachments/budget.csv');
    const survey = await search.search('How many boulders did the moraine survey count?', {
      mode: 'hybrid',
      k: 3,
    });
    expect(survey.passages[0]?.chunk).toMatchObject({
      path: 'funding.eml/attachments/report.pdf',
      page: 1,
    });
    // The viewer draws an attached PDF's pages from the bytes kept for it.
    expect(await store.getOriginal(`${collection.id}/funding.eml/attachments/report.pdf`)).toEqual(
      report.content,
    );
  });

  it('replaces the attachments when the message changes and removes them with the message', async () => {
    const path = join(folder, 'funding.eml');
    await writeFile(path, email('Funding request', 'Budget attached.', [budget, report]));
    await writeFile(join(folder, 'other.eml'), email('Other', 'Minutes attached.', [budget]));
    const { store, collection, search } = await setUp();
    await ingest(store, collection, search);

    const unchanged = await ingest(store, collection, search);
    expect(unchanged).toMatchObject({ filesTotal: 0, filesRemoved: 0 });
    expect(await store.listFiles(collection.id)).toHaveLength(5);
    // Touched, same bytes: the message is only re-stamped and its attachments stay.
    await utimes(path, new Date(), new Date(Date.now() + 60_000));
    const touched = await ingest(store, collection, search);
    expect(touched).toMatchObject({ filesTotal: 1, filesRemoved: 0, chunksDone: 0 });
    expect(await store.listFiles(collection.id)).toHaveLength(5);

    await writeFile(path, email('Funding request, revised', 'Only the report now.', [report]));
    const changed = await ingest(store, collection, search);
    expect(changed).toMatchObject({ filesTotal: 1, filesDone: 1 });
    expect(Object.keys(byPath(await store.listFiles(collection.id))).sort()).toEqual([
      'funding.eml',
      'funding.eml/attachments/report.pdf',
      'other.eml',
      'other.eml/attachments/budget.csv',
    ]);
    const afterChange = await search.search('glacier drilling rig rental', { mode: 'bm25', k: 5 });
    expect(afterChange.passages.map((passage) => passage.chunk.path)).toEqual([
      'other.eml/attachments/budget.csv',
    ]);

    await unlink(path);
    const removed = await ingest(store, collection, search);
    expect(removed.filesRemoved).toBe(2);
    expect(Object.keys(byPath(await store.listFiles(collection.id))).sort()).toEqual([
      'other.eml',
      'other.eml/attachments/budget.csv',
    ]);
    const afterRemoval = await search.search('moraine survey boulders', { mode: 'bm25', k: 5 });
    expect(afterRemoval.passages).toHaveLength(0);
    expect(
      await store.getOriginal(`${collection.id}/funding.eml/attachments/report.pdf`),
    ).toBeUndefined();
  });

  it('records a damaged attachment on its own and still indexes the message', async () => {
    const broken: Part = { name: 'scan.pdf', type: 'application/pdf', content: '%PDF-1.4 broken' };
    await writeFile(join(folder, 'scan.eml'), email('Scan', 'The scan is attached.', [broken]));
    const { store, collection } = await setUp();
    const progress = await ingest(store, collection);
    expect(progress).toMatchObject({ filesDone: 1, filesFailed: 1 });
    const files = byPath(await store.listFiles(collection.id));
    expect(files['scan.eml']?.status).toBe('indexed');
    expect(files['scan.eml/attachments/scan.pdf']).toMatchObject({
      status: 'failed',
      container: 'scan.eml',
      error: { name: 'CorruptFileError' },
    });
  });

  it('follows a message attached to a message, and names a mailbox attachment by its message', async () => {
    const inner = email('Original', 'Forwarded body.', [budget]);
    const outer = email('Fwd: Original', 'See below.', [
      { name: 'original.eml', type: 'message/rfc822', content: inner },
    ]);
    await writeFile(join(folder, 'forward.eml'), outer);
    const mailbox = [
      'From ines@example.org Mon Mar 03 09:15:00 2025',
      email('First', 'No attachment.', []),
      'From ines@example.org Tue Mar 04 09:15:00 2025',
      email('Second', 'With the budget.', [budget]),
    ].join('\n');
    await writeFile(join(folder, 'inbox.mbox'), mailbox);
    const { store, collection } = await setUp();
    await ingest(store, collection);
    const files = byPath(await store.listFiles(collection.id));
    expect(files['forward.eml/attachments/original.eml']).toMatchObject({
      status: 'indexed',
      container: 'forward.eml',
    });
    expect(files['forward.eml/attachments/original.eml/attachments/budget.csv']).toMatchObject({
      status: 'indexed',
      container: 'forward.eml',
    });
    expect(files['inbox.mbox/attachments/message 2/budget.csv']).toMatchObject({
      status: 'indexed',
      container: 'inbox.mbox',
    });
  });
});
