import {
  CorruptFileError,
  EmptyFileError,
  OcrImageError,
  OcrTurnedOffError,
} from '../../errors.ts';
import type { OcrEngineSource, OcrResult } from '../../ports/ocr-engine.ts';
import type { ParsedDocument, ParseInput, Parser } from '../../ports/parser.ts';
import { isDoubtful, readOcrResult } from '../ocr-blocks.ts';
import { documentFromBlocks } from '../parsed-document.ts';

/** The image types the OCR engine (Tesseract's Leptonica) decodes. */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'tif', 'tiff', 'bmp', 'gif'];

/**
 * Pictures of text (scans, photographs of pages, screenshots) read through OCR: one block per
 * paragraph the engine saw, marked as recognised text. An image in which nothing readable was
 * recognised is skipped (EmptyFileError), not failed; one read with low confidence is indexed
 * with a warning. With OCR turned off every image is skipped with OcrTurnedOffError.
 */
export function createImageParser(ocrEngine: OcrEngineSource): Parser {
  return {
    extensions: IMAGE_EXTENSIONS,
    async parse({ path, bytes, signal }: ParseInput): Promise<ParsedDocument> {
      const engine = await ocrEngine();
      if (!engine) throw new OcrTurnedOffError(path);
      let result: OcrResult;
      try {
        result = await engine.recognise(bytes, signal ? { signal } : {});
      } catch (error) {
        if (error instanceof OcrImageError) throw new CorruptFileError(path, error.detail);
        throw error;
      }
      const reading = readOcrResult(result);
      if (reading.blocks.length === 0) {
        throw new EmptyFileError(
          path,
          reading.droppedWords > 0
            ? `text recognition found only ${reading.droppedWords} unreadable marks in the image`
            : 'text recognition found no text in the image',
        );
      }
      const document = documentFromBlocks(path, reading.blocks);
      document.ocrPages = 1;
      if (isDoubtful(reading)) document.warnings = [doubtfulWarning(reading.confidence)];
      return document;
    },
  };
}

/** The warning for text recognised with little confidence. */
export function doubtfulWarning(confidence: number, pages?: readonly number[]): string {
  const where = pages ? ` on page${pages.length === 1 ? '' : 's'} ${pages.join(', ')}` : '';
  return `The text recognised${where} is uncertain (the OCR engine's confidence averages ${Math.round(confidence)} of 100): it may be misread or the image may hold little text.`;
}
