import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  resolvePartPath,
  ZipArchive,
} from '../../../../src/adapters/parsers/office/zip-archive.ts';
import { zipOf } from '../../../support/office-packages.ts';

describe('ZipArchive', () => {
  it('lists every part and inflates only the wanted ones', () => {
    const bytes = zipOf({ 'a.xml': '<a/>', 'b.bin': 'binary' });
    const archive = ZipArchive.open('x.docx', bytes, (name) => name.endsWith('.xml'));
    expect(archive.names).toEqual(['a.xml', 'b.bin']);
    expect(archive.text('a.xml')).toBe('<a/>');
    expect(archive.has('b.bin')).toBe(false);
  });

  it('refuses more parts than the limit before inflating any', () => {
    const bytes = zipOf({ a: '1', b: '2', c: '3' });
    expect(() =>
      ZipArchive.open('bomb.xlsx', bytes, () => true, { maxEntries: 2, maxUnpackedBytes: 1e6 }),
    ).toThrow(expect.objectContaining({ name: 'ArchiveTooLargeError' }));
  });

  it('refuses parts that unpack past the limit (a zip bomb)', () => {
    const bytes = zipSync({ 'big.xml': new Uint8Array(2_000_000) }, { level: 9 });
    expect(bytes.length).toBeLessThan(10_000);
    const open = (): ZipArchive =>
      ZipArchive.open('bomb.xlsx', bytes, () => true, {
        maxEntries: 10,
        maxUnpackedBytes: 1_000_000,
      });
    expect(open).toThrow(expect.objectContaining({ name: 'ArchiveTooLargeError' }));
    expect(open).toThrow(/bomb\.xlsx.*split it/);
  });

  it('reports bytes that are not a ZIP package as CorruptFileError', () => {
    expect(() => ZipArchive.open('x.pptx', new Uint8Array(100), () => true)).toThrow(
      expect.objectContaining({ name: 'CorruptFileError' }),
    );
  });
});

describe('resolvePartPath', () => {
  it('resolves relative, parent and absolute targets and drops fragments', () => {
    expect(resolvePartPath('ppt/slides/slide1.xml', '../notesSlides/n1.xml')).toBe(
      'ppt/notesSlides/n1.xml',
    );
    expect(resolvePartPath('xl/workbook.xml', '/xl/worksheets/sheet1.xml')).toBe(
      'xl/worksheets/sheet1.xml',
    );
    expect(resolvePartPath('OEBPS/toc.xhtml', 'chapter%201.xhtml#start')).toBe(
      'OEBPS/chapter 1.xhtml',
    );
  });
});
