import { describe, expect, it } from 'vitest';
import { isDoubtful, readOcrResult } from '../../../src/core/ingest/ocr-blocks.ts';
import type { OcrResult, OcrWord } from '../../../src/core/ports/ocr-engine.ts';

function word(text: string, confidence: number, x0 = 0): OcrWord {
  return { text, confidence, box: { x0, y0: 10, x1: x0 + 10 * text.length, y1: 30 } };
}

function result(...lines: OcrWord[][]): OcrResult {
  return {
    paragraphs: [{ lines: lines.map((words) => ({ words, box: { x0: 0, y0: 0, x1: 1, y1: 1 } })) }],
  };
}

describe('readOcrResult', () => {
  it('makes one paragraph block per paragraph, its lines on lines, marked as OCR', () => {
    const reading = readOcrResult(result([word('Happy', 96), word('New', 95)], [word('Year', 91)]));
    expect(reading.blocks).toEqual([{ kind: 'paragraph', text: 'Happy New\nYear', ocr: true }]);
    expect(reading.keptWords).toBe(3);
    expect(isDoubtful(reading)).toBe(false);
  });

  it('drops words the engine rates as guesses and marks without letters or digits', () => {
    const reading = readOcrResult(result([word('Invoice', 90), word('~%', 88), word('lIl', 12)]));
    expect(reading.blocks.map((block) => block.text)).toEqual(['Invoice']);
    expect(reading.droppedWords).toBe(2);
  });

  it('keeps nothing from an image of shapes, and says the text is doubtful when little is sure', () => {
    expect(readOcrResult(result([word('|', 30), word('—', 20)])).blocks).toEqual([]);
    const weak = readOcrResult(result([word('Total', 50), word('due', 55)]));
    expect(weak.blocks).toHaveLength(1);
    expect(isDoubtful(weak)).toBe(true);
  });

  it('gives the page and, with a placement, each word where it is on the page', () => {
    const reading = readOcrResult(result([word('Page', 95, 100), word('two', 95, 200)]), {
      page: 2,
      place: (box) => ({ x: box.x0 / 10, y: 100 - box.y1 / 10, width: 4, height: 2 }),
    });
    expect(reading.blocks[0]).toMatchObject({ page: 2, text: 'Page two' });
    expect(reading.blocks[0]?.words).toEqual([
      { text: 'Page', x: 10, y: 97, width: 4, height: 2 },
      { text: 'two', x: 20, y: 97, width: 4, height: 2 },
    ]);
  });
});
