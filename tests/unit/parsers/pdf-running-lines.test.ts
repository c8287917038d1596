import { describe, expect, it } from 'vitest';
import { withoutRunningLines } from '../../../src/adapters/parsers/pdf-running-lines.ts';
import type { PdfLine } from '../../../src/adapters/parsers/pdf-text-layout.ts';

const line = (text: string, y: number): PdfLine => ({
  text,
  y,
  height: 10,
  size: 10,
  fontName: 'body',
});

/** A page: a header, body lines and a numbered footer. */
const page = (number: number, body: string[], header = 'Annual Report 2023'): PdfLine[] => [
  line(header, 760),
  ...body.map((text, index) => line(text, 700 - index * 12)),
  line(`Page ${number} of 4`, 40),
];

const texts = (pages: PdfLine[][]): string[][] =>
  pages.map((lines) => lines.map((item) => item.text));

describe('withoutRunningLines', () => {
  it('takes out two-line headers and numbered footers that repeat across most pages', () => {
    const bodies = [
      ['Tides rose.', 'Gulls left.'],
      ['Ice formed.', 'Boats waited.'],
      ['Fog came.', 'Bells rang.'],
      ['Spring.', 'Nets mended.'],
    ];
    const pages = bodies.map((body, index) => [
      line('Journal of Tests, vol. 3', 770),
      ...page(index + 1, body, 'Smith and Jones'),
    ]);
    expect(texts(withoutRunningLines(pages))).toEqual(bodies);
  });

  it('keeps a body line that repeats away from the edges, and edge lines that do not repeat', () => {
    const pages = ['A', 'B', 'C'].map((letter, index) =>
      page(
        index + 1,
        [`Opening ${letter}.`, 'Same sentence.', `Closing ${letter}.`],
        `Chapter ${letter}`,
      ),
    );
    expect(texts(withoutRunningLines(pages))[0]).toEqual([
      'Chapter A',
      'Opening A.',
      'Same sentence.',
      'Closing A.',
    ]);
  });

  it('keeps everything in documents of fewer than three pages', () => {
    const pages = [1, 2].map((number) => page(number, ['Body.']));
    expect(withoutRunningLines(pages)).toEqual(pages);
    expect(withoutRunningLines([page(1, ['Body.'])])).toEqual([page(1, ['Body.'])]);
  });

  it('keeps the lines of pages that have one or two', () => {
    const pages = [1, 2, 3].map((number) => [
      line(`Chapter ${number}`, 760),
      line('The end.', 700),
    ]);
    expect(withoutRunningLines(pages)).toEqual(pages);
  });

  it('counts only pages with text, and leaves pages without text empty', () => {
    const pages = [page(1, ['A.']), [], page(2, ['B.']), page(3, ['C.'])];
    expect(texts(withoutRunningLines(pages))).toEqual([['A.'], [], ['B.'], ['C.']]);
  });
});
