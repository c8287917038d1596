import { describe, expect, it } from 'vitest';
import { createParserRegistry } from '../../../src/adapters/parsers/index.ts';
import {
  checkReadable,
  READABLE_EXTENSIONS,
} from '../../../src/adapters/parsers/readable-files.ts';

/** The parse workers' registry: every parser, with an OCR engine (never started here). */
const registry = createParserRegistry({
  loadPdfjs: () => Promise.reject(new Error('pdf.js is not loaded by a check')),
  pdfResources: { cMapUrl: '', standardFontDataUrl: '', useWorkerFetch: false },
  ocrEngine: () => Promise.reject(new Error('no OCR in a check')),
});

describe('the files the library worker lets through to the parse workers', () => {
  it('are exactly those the parse workers read, files without an extension included', () => {
    expect([...READABLE_EXTENSIONS].sort()).toEqual(['', ...registry.extensions()]);
    expect(registry.parserFor('Makefile')).toBeDefined();
  });

  it('are checked as the parse workers check them', () => {
    const files: [string, number][] = [
      ['notes/a.md', 10],
      ['scan.PNG', 3],
      ['Makefile', 1],
      ['tool.exe', 10],
      ['empty.txt', 0],
      ['huge.pdf', registry.maxFileBytes + 1],
    ];
    for (const [path, size] of files) {
      const outcome = (check: () => unknown) => {
        try {
          check();
          return 'read';
        } catch (error) {
          return (error as Error).name;
        }
      };
      expect(outcome(() => checkReadable(path, size))).toBe(
        outcome(() => registry.check(path, size)),
      );
    }
  });
});
