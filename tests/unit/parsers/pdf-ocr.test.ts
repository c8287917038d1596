import type * as Pdfjs from 'pdfjs-dist';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPdfPageOcr, PAGE_DRAW_DEADLINE_MS } from '../../../src/adapters/parsers/pdf-ocr.ts';
import type { OcrEngine } from '../../../src/core/ports/ocr-engine.ts';

const engine: OcrEngine = {
  languages: ['eng'],
  recognise: () => Promise.reject(new Error('never reached: no page is drawn')),
};

afterEach(() => {
  vi.useRealTimers();
});

describe('OCR of text-less PDF pages', () => {
  it('gives up a page pdf.js does not draw within the deadline, says so, and reads no further', async () => {
    vi.useFakeTimers();
    // pdf.js's worker busy for good (a cyclic pattern): the page never arrives.
    const document = {
      getPage: () => new Promise(() => undefined),
    } as unknown as Pdfjs.PDFDocumentProxy;
    const reading = createPdfPageOcr(async () => engine).read(document, [2, 3, 5]);
    await vi.advanceTimersByTimeAsync(PAGE_DRAW_DEADLINE_MS);
    const recognised = await reading;
    expect(recognised).toMatchObject({ stuck: true, ocrPages: 0, blocks: [] });
    expect(recognised.warnings).toEqual([
      `Page 2 could not be drawn for OCR (the PDF reader did not finish it within ${PAGE_DRAW_DEADLINE_MS / 1000} s), so its text was not recognised. OCR did not read pages 3-5 either.`,
    ]);
  });

  it('reads nothing and is not stuck when there is no text-less page', async () => {
    const document = {} as Pdfjs.PDFDocumentProxy;
    const recognised = await createPdfPageOcr(async () => engine).read(document, []);
    expect(recognised).toMatchObject({ stuck: false, ocrPages: 0, warnings: [] });
  });
});
