import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createParserRegistry } from '../src/adapters/parsers/index.ts';
import type { PdfjsModule, PdfResources } from '../src/adapters/parsers/index.ts';
import type { ParserRegistry } from '../src/core/ingest/parser-registry.ts';
import type { OcrEngineSource } from '../src/core/ports/ocr-engine.ts';

/**
 * Every parser, with pdf.js's legacy build (the one that runs in Node); with an OCR engine
 * (`createNodeTesseractEngine`) images and scanned PDF pages too.
 */
export function createNodeParsers(ocrEngine?: OcrEngineSource): ParserRegistry {
  return createParserRegistry({
    loadPdfjs: loadNodePdfjs,
    pdfResources: nodePdfResources(),
    ...(ocrEngine ? { ocrEngine } : {}),
  });
}

/** pdf.js's character maps and standard font data, read from the installed pdfjs-dist. */
export function nodePdfResources(): PdfResources {
  const folder = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return {
    cMapUrl: `${join(folder, 'cmaps')}/`,
    standardFontDataUrl: `${join(folder, 'standard_fonts')}/`,
    useWorkerFetch: false,
  };
}

/** pdf.js's legacy build for Node, with its stray rejections kept from ending the process. */
export function loadNodePdfjs(): Promise<PdfjsModule> {
  ignorePdfjsWorkerRejections();
  return import('pdfjs-dist/legacy/build/pdf.mjs');
}

let ignoring = false;

/**
 * In Node, pdf.js runs its worker code in this thread, and on some damaged PDFs that code leaves a
 * promise of its own rejected with no handler (a page prefetch in its Catalog.getPageDict). The
 * parse itself still ends in a document or a CorruptFileError, but Node would end the process on
 * the stray rejection. Those are ignored; any other unhandled rejection still ends the process
 * (when no one else listens for them).
 */
function ignorePdfjsWorkerRejections(): void {
  if (ignoring) return;
  ignoring = true;
  process.on('unhandledRejection', (reason) => {
    if (isPdfjsWorkerError(reason)) return;
    if (process.listenerCount('unhandledRejection') === 1) throw reason;
  });
}

/** pdf.js's exceptions carry the stack of their class definition, in its worker module. */
function isPdfjsWorkerError(error: unknown): boolean {
  const stack = (error as { stack?: unknown } | null)?.stack;
  return typeof stack === 'string' && stack.includes('pdfjs-dist/legacy/build/pdf.worker');
}
