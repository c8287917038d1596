import { defaultParsers } from '../../core/ingest/default-parsers.ts';
import { ParserRegistry } from '../../core/ingest/parser-registry.ts';
import { createImageParser } from '../../core/ingest/parsers/image.ts';
import type { OcrEngineSource } from '../../core/ports/ocr-engine.ts';
import type { Parser } from '../../core/ports/parser.ts';
import { docxParser } from './docx.ts';
import { emlParser } from './mail/eml.ts';
import { mboxParser } from './mail/mbox.ts';
import { createMsgParser, rtfBodyReader } from './mail/msg.ts';
import {
  epubParser,
  odpParser,
  odsParser,
  odtParser,
  pptxParser,
  xlsxParser,
} from './office/office-parsers.ts';
import { createPdfPageOcr } from './pdf-ocr.ts';
import { createPdfParser, type PdfjsLoader, type PdfResources } from './pdf.ts';

export type { PdfjsLoader, PdfjsModule, PdfResources } from './pdf.ts';

export interface DocumentParserOptions {
  /**
   * Loads pdf.js: `loadBrowserPdfjs` in the browser,
   * `() => import('pdfjs-dist/legacy/build/pdf.mjs')` in Node.
   */
  loadPdfjs: PdfjsLoader;
  /** pdf.js's character maps and standard font data: `browserPdfResources()` or `nodePdfResources()`. */
  pdfResources: PdfResources;
  /** The OCR engine for images and scanned PDF pages; without it neither is read. */
  ocrEngine?: OcrEngineSource;
  /** Replaces a pdf.js worker stuck on a page: `restartBrowserPdfjs` in the browser. */
  restartPdfjs?: () => void;
}

/**
 * The parsers that need a library: PDF (pdf.js), Word (mammoth), Excel, PowerPoint and
 * OpenDocument, EPUB (fflate and @xmldom/xmldom), e-mail (postal-mime).
 */
export function createDocumentParsers(options: DocumentParserOptions): Parser[] {
  return [
    createPdfParser(
      options.loadPdfjs,
      options.pdfResources,
      options.ocrEngine ? createPdfPageOcr(options.ocrEngine) : undefined,
      options.restartPdfjs,
    ),
    ...(options.ocrEngine ? [createImageParser(options.ocrEngine)] : []),
    docxParser,
    xlsxParser,
    pptxParser,
    odtParser,
    odpParser,
    odsParser,
    epubParser,
    emlParser,
    mboxParser,
  ];
}

/** A registry with every parser: the pure ones from core plus PDF and Word. */
export function createParserRegistry(
  options: DocumentParserOptions & { maxFileBytes?: number },
): ParserRegistry {
  const parsers = [...defaultParsers, ...createDocumentParsers(options)];
  const registry = new ParserRegistry(
    parsers,
    options.maxFileBytes === undefined ? {} : { maxFileBytes: options.maxFileBytes },
  );
  // An Outlook item whose body is only RTF has it read by the parser of .rtf files.
  return registry.register(createMsgParser(rtfBodyReader(registry)));
}
