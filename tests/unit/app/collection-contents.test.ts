import { describe, expect, it } from 'vitest';
import { contentsPage, fileType, MAX_CONTENTS_PAGE } from '../../../src/app/collection-contents.ts';
import type { ContentsRequest } from '../../../src/app/library-types.ts';
import type { FileRecord } from '../../../src/core/types.ts';

function record(path: string, patch: Partial<FileRecord> = {}): FileRecord {
  return {
    id: `c/${path}`,
    collectionId: 'c',
    path,
    size: 100,
    mtime: 1,
    hash: 'h',
    status: 'indexed',
    chunkCount: 2,
    indexedAt: 5,
    ...patch,
  };
}

const RECORDS: FileRecord[] = [
  record('notes/file10.md'),
  record('notes/file2.md'),
  record('scans/Letter.PDF', { pages: 4, ocrPages: 4, chunkCount: 6 }),
  record('report.pdf', { pages: 12, warnings: ['2 damaged pages skipped: 4, 9'] }),
  record('photo.heic', {
    status: 'skipped',
    chunkCount: 0,
    error: { name: 'UnsupportedFileError', message: 'Not read.' },
  }),
  record('broken.docx', {
    status: 'failed',
    chunkCount: 0,
    error: { name: 'CorruptFileError', message: 'Damaged.' },
  }),
  record('Makefile'),
];

function page(request: Partial<ContentsRequest> = {}) {
  return contentsPage(RECORDS, { collectionId: 'c', offset: 0, limit: 50, ...request });
}

describe('contentsPage', () => {
  it('lists every file by path, numbers in order, with the counts per status and type', () => {
    const result = page();
    expect(result.files.map((file) => file.path)).toEqual([
      'broken.docx',
      'Makefile',
      'notes/file2.md',
      'notes/file10.md',
      'photo.heic',
      'report.pdf',
      'scans/Letter.PDF',
    ]);
    expect(result.matching).toBe(7);
    expect(result.counts).toEqual({ all: 7, indexed: 5, skipped: 1, failed: 1, warnings: 2 });
    expect(result.types).toEqual([
      { type: '', count: 1 },
      { type: 'docx', count: 1 },
      { type: 'heic', count: 1 },
      { type: 'md', count: 2 },
      { type: 'pdf', count: 2 },
    ]);
  });

  it('summarizes a file with what the list shows and the passage that opens it', () => {
    const report = page({ path: 'report' }).files[0];
    expect(report).toEqual({
      fileId: 'c/report.pdf',
      path: 'report.pdf',
      type: 'pdf',
      status: 'indexed',
      size: 100,
      chunkCount: 2,
      indexedAt: 5,
      pages: 12,
      warnings: ['2 damaged pages skipped: 4, 9'],
      firstChunkId: 'c/report.pdf#0',
    });
    const broken = page({ status: 'failed' }).files[0];
    expect(broken).toMatchObject({ error: { name: 'CorruptFileError' }, warnings: [] });
    expect(broken).not.toHaveProperty('firstChunkId');
  });

  it('keeps the files whose path contains the text, in any case', () => {
    expect(page({ path: '  LETTER ' }).files.map((file) => file.path)).toEqual([
      'scans/Letter.PDF',
    ]);
    expect(page({ path: 'notes/' }).matching).toBe(2);
    expect(page({ path: 'nothing like it' }).files).toEqual([]);
  });

  it('keeps one status, or the files read with warnings or OCR', () => {
    expect(page({ status: 'skipped' }).files.map((file) => file.path)).toEqual(['photo.heic']);
    expect(page({ status: 'warnings' }).files.map((file) => file.path)).toEqual([
      'report.pdf',
      'scans/Letter.PDF',
    ]);
  });

  it('keeps one type, the empty type being names without an extension', () => {
    expect(page({ type: 'pdf' }).matching).toBe(2);
    expect(page({ type: '' }).files.map((file) => file.path)).toEqual(['Makefile']);
    expect(page({ type: 'md', path: '10' }).files.map((file) => file.path)).toEqual([
      'notes/file10.md',
    ]);
  });

  it('pages the matching files, the counts staying those of the whole collection', () => {
    const second = page({ offset: 2, limit: 2 });
    expect(second.files.map((file) => file.path)).toEqual(['notes/file2.md', 'notes/file10.md']);
    expect(second).toMatchObject({ offset: 2, matching: 7 });
    expect(page({ offset: 7, limit: 2 }).files).toEqual([]);
    expect(second.counts.all).toBe(7);
  });

  it('never sends more than the largest page, however many files are asked for', () => {
    const many = Array.from({ length: 20_000 }, (_, index) => record(`f/${index}.txt`));
    const result = contentsPage(many, { collectionId: 'c', offset: 0, limit: 1e9 });
    expect(result.files).toHaveLength(MAX_CONTENTS_PAGE);
    expect(result.matching).toBe(20_000);
    expect(result.files[1]?.path).toBe('f/1.txt');
  });
});

describe('fileType', () => {
  it('is the lower-case extension of the name, empty without one', () => {
    expect(fileType('a/b/Report.Final.PDF')).toBe('pdf');
    expect(fileType('a.dir/README')).toBe('');
    expect(fileType('.gitignore')).toBe('');
  });
});
