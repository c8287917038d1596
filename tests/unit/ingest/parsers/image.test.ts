import { describe, expect, it } from 'vitest';
import { createImageParser } from '../../../../src/core/ingest/parsers/image.ts';
import { OcrImageError, OcrUnavailableError } from '../../../../src/core/errors.ts';
import type { OcrEngine, OcrResult } from '../../../../src/core/ports/ocr-engine.ts';

/** An engine that answers with a fixed result (or error) and records what it was given. */
function scriptedEngine(answer: OcrResult | Error): OcrEngine & { seen: Uint8Array[] } {
  const seen: Uint8Array[] = [];
  return {
    languages: ['eng'],
    seen,
    recognise(image) {
      seen.push(image);
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
}

function lines(...texts: [string, number][][]): OcrResult {
  const box = { x0: 0, y0: 0, x1: 10, y1: 10 };
  return {
    paragraphs: [
      {
        lines: texts.map((words) => ({
          box,
          words: words.map(([text, confidence]) => ({ text, confidence, box })),
        })),
      },
    ],
  };
}

const bytes = new Uint8Array([1, 2, 3]);

describe('the image parser', () => {
  it('indexes the recognised text as OCR blocks, one OCR page, no warning when sure', async () => {
    const engine = scriptedEngine(
      lines([
        ['Happy', 96],
        ['New', 95],
        ['Year', 95],
        ['2003!', 93],
      ]),
    );
    const document = await createImageParser(async () => engine).parse({ path: 'a.png', bytes });
    expect(document.text).toBe('Happy New Year 2003!');
    expect(document.blocks[0]?.ocr).toBe(true);
    expect(document.ocrPages).toBe(1);
    expect(document.warnings).toBeUndefined();
    expect(engine.seen).toEqual([bytes]);
  });

  it('warns when the text was recognised with little confidence', async () => {
    const engine = scriptedEngine(
      lines([
        ['Tota1', 52],
        ['dne', 48],
      ]),
    );
    const document = await createImageParser(async () => engine).parse({ path: 'b.jpg', bytes });
    expect(document.warnings?.[0]).toMatch(/uncertain .*averages 51 of 100/);
  });

  it('skips an image with no readable text, saying so', async () => {
    const parser = createImageParser(async () => scriptedEngine(lines([['|', 20]])));
    await expect(parser.parse({ path: 'photo.png', bytes })).rejects.toMatchObject({
      name: 'EmptyFileError',
      message: expect.stringMatching(/only 1 unreadable marks/),
    });
    const blank = createImageParser(async () => scriptedEngine({ paragraphs: [] }));
    await expect(blank.parse({ path: 'blank.png', bytes })).rejects.toMatchObject({
      name: 'EmptyFileError',
      message: expect.stringMatching(/found no text/),
    });
  });

  it('reports an image the engine cannot decode as damaged, and passes on an engine that did not load', async () => {
    const damaged = createImageParser(async () =>
      scriptedEngine(new OcrImageError('the decoder could not read it')),
    );
    await expect(damaged.parse({ path: 'c.tif', bytes })).rejects.toMatchObject({
      name: 'CorruptFileError',
      message: expect.stringContaining('the decoder could not read it'),
    });
    const missing = createImageParser(async () =>
      scriptedEngine(new OcrUnavailableError('no data for deu')),
    );
    await expect(missing.parse({ path: 'd.png', bytes })).rejects.toMatchObject({
      name: 'OcrUnavailableError',
    });
  });

  it('skips every image while OCR is turned off', async () => {
    const parser = createImageParser(async () => undefined);
    await expect(parser.parse({ path: 'e.webp', bytes })).rejects.toMatchObject({
      name: 'OcrTurnedOffError',
      message: expect.stringContaining('Turn it on under “Text recognition (OCR)” in the Library'),
    });
  });
});
