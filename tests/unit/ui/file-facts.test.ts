import { describe, expect, it } from 'vitest';
import type { FileSummary } from '../../../src/app/library-types.ts';
import { fileFacts, fileNotes } from '../../../src/ui/file-facts.ts';

const PDF: FileSummary = {
  fileId: 'c/report.pdf',
  path: 'report.pdf',
  type: 'pdf',
  status: 'indexed',
  size: 1_300_000,
  chunkCount: 34,
  indexedAt: 1,
  pages: 12,
  ocrPages: 3,
  warnings: ['2 damaged pages skipped: 4, 9'],
  firstChunkId: 'c/report.pdf#0',
};

describe('fileFacts', () => {
  it('names the type, pages, chunks and size of an indexed file', () => {
    expect(fileFacts(PDF)).toBe('PDF · 12 pages · 34 chunks · 1.2 MB');
  });

  it('counts no chunks for a file that was not indexed, and names a file without extension', () => {
    const skipped: FileSummary = {
      ...PDF,
      type: '',
      status: 'skipped',
      chunkCount: 0,
      size: 20,
      warnings: [],
    };
    delete skipped.pages;
    expect(fileFacts(skipped)).toBe('No extension · 20 B');
  });
});

describe('fileNotes', () => {
  it('says OCR was used first, then the parser warnings', () => {
    expect(fileNotes(PDF)).toEqual(['OCR used on 3 pages', '2 damaged pages skipped: 4, 9']);
  });

  it('speaks of images when the file has no pages', () => {
    const image: FileSummary = { ...PDF, type: 'png', ocrPages: 1, warnings: [] };
    delete image.pages;
    expect(fileNotes(image)).toEqual(['OCR used on 1 image']);
  });
});
