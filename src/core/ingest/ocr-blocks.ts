/**
 * Turns what an OCR engine saw into blocks, honestly: words the engine itself rates as guesses are
 * dropped (on photographs and drawings Tesseract "reads" shapes as strings like `:—'|`), and what
 * remains is rated, so a parser can warn that an image held little readable text or skip one that
 * held none.
 */
import type { OcrBox, OcrResult, OcrWord } from '../ports/ocr-engine.ts';
import type { Block } from '../ports/parser.ts';
import type { PlacedWord } from '../types.ts';

/** Words rated below this (0-100) are dropped: at Tesseract's ratings under 40 most are noise. */
export const MIN_WORD_CONFIDENCE = 40;
/** Text kept at a lower average rating than this is worth a warning: it may be misread. */
export const LOW_CONFIDENCE = 65;

export interface OcrBlocksOptions {
  /** The page the image is (for a PDF page); none for an image file. */
  page?: number;
  /** Where a box of the image lies on the page; with it each block keeps its words' places. */
  place?: (box: OcrBox) => Omit<PlacedWord, 'text'>;
}

export interface OcrReading {
  blocks: Block[];
  /** Words kept and dropped as guesses. */
  keptWords: number;
  droppedWords: number;
  /** The kept words' average rating (weighted by their length), 0 when none were kept. */
  confidence: number;
}

/** One paragraph block per paragraph the engine saw, its lines on lines of their own. */
export function readOcrResult(result: OcrResult, options: OcrBlocksOptions = {}): OcrReading {
  const blocks: Block[] = [];
  let keptWords = 0;
  let droppedWords = 0;
  let ratedCharacters = 0;
  let rating = 0;
  for (const paragraph of result.paragraphs) {
    const lines: string[] = [];
    const words: PlacedWord[] = [];
    for (const line of paragraph.lines) {
      const kept = line.words.filter(isReadable);
      droppedWords += line.words.length - kept.length;
      if (kept.length === 0) continue;
      lines.push(kept.map((word) => word.text.trim()).join(' '));
      for (const word of kept) {
        keptWords += 1;
        ratedCharacters += word.text.length;
        rating += word.confidence * word.text.length;
        if (options.place) words.push({ text: word.text.trim(), ...options.place(word.box) });
      }
    }
    if (lines.length === 0) continue;
    const block: Block = { kind: 'paragraph', text: lines.join('\n'), ocr: true };
    if (options.page !== undefined) block.page = options.page;
    if (options.place) block.words = words;
    blocks.push(block);
  }
  const confidence = ratedCharacters === 0 ? 0 : rating / ratedCharacters;
  return { blocks, keptWords, droppedWords, confidence };
}

/** Whether the text kept is doubtful: a low average rating, or more guesses dropped than kept. */
export function isDoubtful(reading: OcrReading): boolean {
  return reading.confidence < LOW_CONFIDENCE || reading.droppedWords > reading.keptWords;
}

function isReadable(word: OcrWord): boolean {
  return word.confidence >= MIN_WORD_CONFIDENCE && /[\p{L}\p{N}]/u.test(word.text);
}
