import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runIngestBench } from '../../scripts/bench/ingest.ts';
import type { FileOutcome } from '../../scripts/bench/ingest-outcomes.ts';

let docs: string;

beforeEach(async () => {
  docs = await mkdtemp(join(tmpdir(), 'archivist-outcomes-'));
  await mkdir(join(docs, 'notes', 'deep'), { recursive: true });
  await writeFile(
    join(docs, 'notes', 'guide.md'),
    '# Harbour guide\n\nThe ferry leaves at nine.\n\n## Tides\n\nHigh tide is at noon.\n',
  );
  await writeFile(join(docs, 'notes', 'deep', 'plain.txt'), 'A plain paragraph of text.\n');
  await writeFile(join(docs, 'notes', 'empty.txt'), '');
  await writeFile(join(docs, 'notes', 'broken.json'), '{"open": ');
  await writeFile(join(docs, 'notes', 'photo.raw'), new Uint8Array([1, 2, 3]));
  await writeFile(join(docs, 'README.txt'), 'What this folder holds.\n');
  await writeFile(join(docs, 'notes', 'board.eml'), MESSAGE_WITH_ATTACHMENT);
});

const MESSAGE_WITH_ATTACHMENT = [
  'From: Harbour Office <office@example.org>',
  'To: Crew <crew@example.org>',
  'Subject: Board minutes',
  'Date: Tue, 3 Mar 2026 09:00:00 +0000',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="part"',
  '',
  '--part',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'The minutes are attached.',
  '--part',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Disposition: attachment; filename="minutes.txt"',
  '',
  'The harbour board met on Tuesday and chose a new pier.',
  '--part--',
  '',
].join('\r\n');

afterEach(async () => {
  await rm(docs, { recursive: true, force: true });
});

describe('bench ingest --outcomes', () => {
  it('writes one JSON line per file, top files included, paths relative to --docs', async () => {
    const outcomesFile = join(docs, '..', `${docs.split('/').at(-1)}.jsonl`);
    try {
      const result = await runIngestBench(['--docs', docs, '--outcomes', outcomesFile]);
      expect(result).toMatchObject({ files: 7, failedFiles: 3 });
      const lines = (await readFile(outcomesFile, 'utf8')).trimEnd().split('\n');
      const outcomes = lines.map((line) => JSON.parse(line) as FileOutcome);
      const byPath = Object.fromEntries(outcomes.map((outcome) => [outcome.path, outcome]));
      expect(Object.keys(byPath).sort()).toEqual([
        'README.txt',
        'notes/board.eml',
        'notes/broken.json',
        'notes/deep/plain.txt',
        'notes/empty.txt',
        'notes/guide.md',
        'notes/photo.raw',
      ]);
      expect(byPath['notes/guide.md']).toMatchObject({
        status: 'indexed',
        error: null,
        ocrPages: 0,
      });
      const guide = byPath['notes/guide.md']!;
      expect(guide.chunks).toBeGreaterThan(0);
      expect(guide.headingChunks).toBe(guide.chunks);
      expect(guide.text).toContain('The ferry leaves at nine.');
      expect(guide.text).toContain('High tide is at noon.');
      // The attachment is indexed as its own document, but outcomes are one line per file on
      // disk: its chunks and text count in its message's line.
      const message = byPath['notes/board.eml']!;
      expect(message).toMatchObject({ status: 'indexed', error: null });
      expect(message.text).toContain('The minutes are attached.');
      expect(message.text).toContain('The harbour board met on Tuesday and chose a new pier.');
      expect(message.chunks).toBeGreaterThanOrEqual(2);
      expect(byPath['README.txt']).toMatchObject({
        status: 'indexed',
        text: 'What this folder holds.',
        headingChunks: 0,
      });
      expect(byPath['notes/empty.txt']).toMatchObject({
        status: 'skipped',
        error: 'EmptyFileError',
        chunks: 0,
        text: '',
      });
      expect(byPath['notes/broken.json']).toMatchObject({
        status: 'failed',
        error: 'CorruptFileError',
      });
      expect(byPath['notes/photo.raw']).toMatchObject({
        status: 'skipped',
        error: 'UnsupportedFileError',
      });
    } finally {
      await rm(outcomesFile, { force: true });
    }
  });
});
