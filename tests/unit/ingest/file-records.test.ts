import { describe, expect, it } from 'vitest';
import { fileRecordOf, fileWriteOf, notesOf } from '../../../src/core/ingest/file-records.ts';
import { encodeSegment } from '../../../src/core/retrieval/keyword-segment-format.ts';
import { chunkKeywords } from '../../../src/core/retrieval/keyword-segment.ts';
import type { SourceFile } from '../../../src/core/ports/folder-source.ts';
import type { Chunk } from '../../../src/core/types.ts';

const source: SourceFile = {
  path: 'mail/letter.eml',
  size: 120,
  mtime: 1000,
  read: () => Promise.resolve(new Uint8Array()),
};

describe('file records', () => {
  it('records a file with its id, stamps and chunk count, an attachment with its container', () => {
    const record = fileRecordOf('c', source, 'abc', { status: 'indexed', chunkCount: 2 });
    expect(record).toMatchObject({
      id: 'c/mail/letter.eml',
      collectionId: 'c',
      path: 'mail/letter.eml',
      size: 120,
      mtime: 1000,
      hash: 'abc',
      status: 'indexed',
      chunkCount: 2,
    });
    expect(record).not.toHaveProperty('error');
    expect(record).not.toHaveProperty('container');
    const attachment = {
      ...source,
      path: 'mail/letter.eml/attachments/a.pdf',
      container: source.path,
    };
    expect(
      fileRecordOf('c', attachment, 'def', { status: 'indexed', chunkCount: 1 }).container,
    ).toBe('mail/letter.eml');
  });

  it('keeps the name and message of the error that failed or skipped a file', () => {
    const error = Object.assign(new Error('it may be damaged'), { name: 'CorruptFileError' });
    const record = fileRecordOf('c', source, '', { status: 'failed', chunkCount: 0, error });
    expect(record.error).toMatchObject({ name: 'CorruptFileError', message: 'it may be damaged' });
  });

  it('keeps only the notes a document has: warnings, OCR pages and its last page', () => {
    expect(notesOf({ text: 'a', blocks: [{ text: 'a', start: 0, end: 1 }] } as never)).toEqual({});
    const scanned = {
      text: 'ab',
      blocks: [
        { text: 'a', start: 0, end: 1, page: 1 },
        { text: 'b', start: 1, end: 2, page: 3 },
      ],
      warnings: ['uncertain'],
      ocrPages: 2,
    };
    expect(notesOf(scanned as never)).toEqual({ pages: 3, warnings: ['uncertain'], ocrPages: 2 });
  });

  it('writes the chunks with their keywords, and the original only when given', () => {
    const record = fileRecordOf('c', source, 'abc', { status: 'indexed', chunkCount: 1 });
    const chunk: Chunk = {
      id: 'c/mail/letter.eml#0',
      collectionId: 'c',
      fileId: record.id,
      path: source.path,
      ordinal: 0,
      text: 'lighthouse keeper',
      start: 0,
      end: 17,
      headingPath: [],
    };
    const { write, keywords } = fileWriteOf(record, [chunk], new Float32Array(2));
    expect(write.file).toBe(record);
    expect(keywords).toEqual(chunkKeywords([chunk]));
    expect(write.keywords).toEqual(encodeSegment(keywords));
    expect(write).not.toHaveProperty('original');
    const original = new Uint8Array([1]);
    expect(fileWriteOf(record, [chunk], new Float32Array(2), original).write.original).toBe(
      original,
    );
  });
});
