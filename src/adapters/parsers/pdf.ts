import type * as Pdfjs from 'pdfjs-dist';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import {
  CorruptFileError,
  EmptyFileError,
  OcrTurnedOffError,
  PasswordProtectedError,
} from '../../core/errors.ts';
import { documentFromBlocks } from '../../core/ingest/parsed-document.ts';
import type { Block, ParsedDocument, ParseInput, Parser } from '../../core/ports/parser.ts';
import { type PdfPageOcr, withOcrNotes, withRecognisedPages } from './pdf-ocr.ts';
import { paragraphsFromTextItems } from './pdf-text-layout.ts';

/** What the parser uses of pdf.js: the legacy build in Node, the normal build in browsers. */
export type PdfjsModule = Pick<typeof Pdfjs, 'getDocument'>;
export type PdfjsLoader = () => Promise<PdfjsModule>;

/**
 * Where pdf.js finds its data files, each ending in `/`: the character maps that Chinese,
 * Japanese and Korean PDFs name instead of embedding (without them their text cannot be read),
 * and the metrics of the standard fonts PDFs use without embedding. URLs in a browser (the app
 * serves pdfjs-dist's folders under `/pdfjs/`), folder paths in Node.
 */
export interface PdfResources {
  cMapUrl: string;
  standardFontDataUrl: string;
  /**
   * pdf.js's worker fetches them (true in a browser: pdf.js's own fetch on the calling side
   * needs a `document`, which a worker has not); false in Node, where they are read as files.
   */
  useWorkerFetch: boolean;
}

/**
 * PDF text through pdf.js: one or more paragraph blocks per page, each with its page number.
 * pdf.js is loaded on the first PDF only. Fonts are not loaded and no code is evaluated. A PDF
 * without a text layer (a scan) fails with EmptyFileError, one with a user password with
 * PasswordProtectedError, a damaged or cut-short one with CorruptFileError.
 */
export function createPdfParser(
  loadPdfjs: PdfjsLoader,
  resources: PdfResources,
  /** Reads the pages without text by OCR (pdf-ocr.ts); without it they stay unread. */
  pageOcr?: PdfPageOcr,
): Parser {
  let pdfjs: Promise<PdfjsModule> | undefined;
  return {
    extensions: ['pdf'],
    async parse({ path, bytes, signal }: ParseInput): Promise<ParsedDocument> {
      pdfjs ??= loadPdfjs().catch((error: unknown) => {
        pdfjs = undefined;
        throw new Error(`the PDF reader could not be loaded: ${String(error)}`);
      });
      const task = (await pdfjs).getDocument({
        // pdf.js may take ownership of the buffer it is given: hand it a copy.
        data: bytes.slice(),
        disableFontFace: true,
        isEvalSupported: false,
        useSystemFonts: false,
        disableAutoFetch: true,
        ...resources,
        cMapPacked: true,
        verbosity: 0,
      });
      try {
        const document = await task.promise.catch((error: unknown) => {
          if (error instanceof Error && error.name === 'PasswordException') {
            throw new PasswordProtectedError(path);
          }
          throw new CorruptFileError(path, describePdfError(error, bytes));
        });
        const pageBlocks: Block[] = [];
        const textless: number[] = [];
        for (let number = 1; number <= document.numPages; number += 1) {
          signal?.throwIfAborted();
          const items = await textItems(document, number).catch((error: unknown) => {
            const detail = error instanceof Error ? error.message : String(error);
            throw new CorruptFileError(path, `page ${number} is damaged: ${detail}`);
          });
          const paragraphs = paragraphsFromTextItems(items);
          if (paragraphs.length === 0) textless.push(number);
          for (const text of paragraphs) pageBlocks.push({ kind: 'paragraph', text, page: number });
        }
        const recognised = await pageOcr?.read(document, textless, signal);
        const blocks = withRecognisedPages(pageBlocks, recognised);
        if (blocks.length === 0) {
          if (recognised?.turnedOff) throw new OcrTurnedOffError(path);
          throw new EmptyFileError(
            path,
            'no text layer: if it is a scan, run it through OCR (text recognition) and sync again',
          );
        }
        const parsed = documentFromBlocks(path, blocks, await readTitle(document));
        return withOcrNotes(parsed, recognised);
      } finally {
        await task.destroy();
      }
    },
  };
}

/** The text runs of one page (pdf.js throws on a damaged page). */
async function textItems(document: Pdfjs.PDFDocumentProxy, number: number): Promise<TextItem[]> {
  const page = await document.getPage(number);
  const content = await page.getTextContent();
  page.cleanup();
  return content.items.filter((item): item is TextItem => 'str' in item);
}

async function readTitle(document: Pdfjs.PDFDocumentProxy): Promise<string | undefined> {
  try {
    const { info } = await document.getMetadata();
    const title = (info as { Title?: unknown } | undefined)?.Title;
    return typeof title === 'string' && title.trim().length > 0 ? title : undefined;
  } catch {
    return undefined;
  }
}

function describePdfError(error: unknown, bytes: Uint8Array): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'InvalidPDFException') {
    if (!startsWith(bytes, '%PDF-')) return 'it is not a PDF file: it has no PDF header';
    if (!latin1(bytes.subarray(0, 65536)).includes('endobj')) {
      return 'it has a PDF header but no PDF objects after it';
    }
    if (!endsWithEofMarker(bytes)) {
      return 'it ends early, with no end-of-file marker: the download or copy may be incomplete';
    }
    return 'it is not a valid PDF file';
  }
  return `the PDF structure is damaged: ${error instanceof Error ? error.message : String(error)}`;
}

/** True when `prefix` is in the first kilobyte, where pdf.js looks for the header. */
function startsWith(bytes: Uint8Array, prefix: string): boolean {
  return latin1(bytes.subarray(0, 1024)).includes(prefix);
}

/** True when "%%EOF" is in the last kilobyte (writers may add a little after it). */
function endsWithEofMarker(bytes: Uint8Array): boolean {
  return latin1(bytes.subarray(Math.max(0, bytes.length - 1024))).includes('%%EOF');
}

function latin1(bytes: Uint8Array): string {
  return new TextDecoder('latin1').decode(bytes);
}
