import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTesseractEngine } from '../../../src/adapters/ocr/tesseract-node.ts';
import type { OcrResult } from '../../../src/core/ports/ocr-engine.ts';
import { printedText, type PrintedText } from '../../support/printed-text-images.ts';

const LINES = ['Archivist reads printed invoices', 'Total due: 1,284.50 EUR'];

function wordsOf(result: OcrResult): string[] {
  return result.paragraphs.flatMap((paragraph) =>
    paragraph.lines.flatMap((line) => line.words.map((word) => word.text)),
  );
}

describe('TesseractEngine in Node (tesseract.js with the packages from npm)', () => {
  const engine = createNodeTesseractEngine();
  let images: PrintedText;

  beforeAll(async () => {
    images = await printedText(LINES);
  });
  afterAll(() => engine.close());

  it.each(['png', 'jpeg', 'webp', 'tiff'] as const)(
    'reads printed text from a %s image, with confident words in lines and their boxes',
    async (format) => {
      const result = await engine.recognise(images[format]);
      expect(wordsOf(result).join(' ')).toBe(LINES.join(' '));
      const first = result.paragraphs[0]?.lines[0]?.words[0];
      expect(first?.confidence).toBeGreaterThan(80);
      // 72 pt from the left at scale 3: the first word starts about 216 pixels in.
      expect(first?.box.x0).toBeGreaterThan(200);
      expect(first?.box.x0).toBeLessThan(232);
    },
    60_000,
  );

  it('reports bytes that are no image as OcrImageError, and goes on reading', async () => {
    await expect(engine.recognise(new TextEncoder().encode('not an image'))).rejects.toMatchObject({
      name: 'OcrImageError',
    });
    expect(wordsOf(await engine.recognise(images.png))).toContain('invoices');
  }, 60_000);

  it('stops a recognition when aborted (its worker ended) and starts afresh for the next', async () => {
    const controller = new AbortController();
    const stopped = engine.recognise(images.png, { signal: controller.signal });
    controller.abort(new DOMException('stopped', 'AbortError'));
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
    expect(wordsOf(await engine.recognise(images.webp))).toContain('EUR');
  }, 60_000);
});
