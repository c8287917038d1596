/**
 * Text recognition (OCR) on the device. The engine reads an encoded image (PNG, JPEG, WebP, TIFF,
 * BMP: whatever its decoder takes) and says which words it saw, where, and how sure it is. The
 * parsers turn that into blocks (`core/ingest/ocr-blocks.ts`); the engine knows nothing of files.
 */

/** The setting that turns text recognition on or off and chooses its languages. */
export const OCR_SETTING = 'ocr';

/** A rectangle in the image's pixels, from its top-left corner, `x1`/`y1` exclusive. */
export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrWord {
  text: string;
  /** 0 (a guess) to 100 (certain), as the engine rates it. */
  confidence: number;
  box: OcrBox;
}

/** A line of words, in reading order. */
export interface OcrLine {
  words: OcrWord[];
  box: OcrBox;
}

/** Lines the engine saw as one paragraph (one block of text on the image). */
export interface OcrParagraph {
  lines: OcrLine[];
}

export interface OcrResult {
  paragraphs: OcrParagraph[];
}

export interface RecogniseOptions {
  /** Aborting stops the recognition under way (the engine's job is ended) and rejects with it. */
  signal?: AbortSignal;
}

export interface OcrEngine {
  /** The languages it reads, as Tesseract codes (`eng`, `deu`, `chi_sim`, ...). */
  readonly languages: readonly string[];
  /**
   * Recognises the text of one encoded image. Throws `OcrUnavailableError` when the engine or its
   * language data cannot be loaded, `CorruptFileError`-worthy failures as `OcrImageError` (the
   * image could not be decoded), and the signal's reason when aborted.
   */
  recognise(image: Uint8Array, options?: RecogniseOptions): Promise<OcrResult>;
}

/**
 * The engine to read images with now, or undefined when text recognition is turned off. Asked
 * once per file, so a change of the setting applies from the next file on.
 */
export type OcrEngineSource = () => Promise<OcrEngine | undefined>;
