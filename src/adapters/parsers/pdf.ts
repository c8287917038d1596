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
import { annotationTexts, type AnnotationText } from './pdf-annotations.ts';
import { structurePages } from './pdf-headings.ts';
import {
  type PdfPageOcr,
  type RecognisedPages,
  withOcrNotes,
  withRecognisedPages,
} from './pdf-ocr.ts';
import { readOutline } from './pdf-outline.ts';
import { withoutRunningLines } from './pdf-running-lines.ts';
import { linesFromTextItems, paragraphsFromLines, type PdfLine } from './pdf-text-layout.ts';

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

/** What one readable page holds: its lines of text and its annotations' texts. */
interface PageText {
  number: number;
  lines: PdfLine[];
  annotations: string[];
}

/**
 * PDF text through pdf.js: paragraph and heading blocks per page, each with its page number, the
 * page's annotations and form fields after its text. Running headers, footers and page numbers
 * are left out; headings come from the outline, else from the type. pdf.js is loaded on the first
 * PDF only. Fonts are not loaded and no code is evaluated. A damaged page is skipped and named in
 * the document's warnings; a PDF with no readable page fails with CorruptFileError, one without a
 * text layer (a scan) with EmptyFileError, one with a user password with PasswordProtectedError.
 */
export function createPdfParser(
  loadPdfjs: PdfjsLoader,
  resources: PdfResources,
  /** Reads the pages without text by OCR (pdf-ocr.ts); without it they stay unread. */
  pageOcr?: PdfPageOcr,
  /**
   * Replaces pdf.js's worker when a page kept it busy past the deadline (the browser's shared
   * worker, `restartBrowserPdfjs`); the next PDF loads pdf.js through `loadPdfjs` again.
   */
  restartPdfjs?: () => void,
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
      let stuck = false;
      try {
        const document = await task.promise.catch((error: unknown) => {
          if (error instanceof Error && error.name === 'PasswordException') {
            throw new PasswordProtectedError(path);
          }
          throw new CorruptFileError(path, describePdfError(error, bytes));
        });
        const pages: PageText[] = [];
        const damaged: { number: number; detail: string }[] = [];
        for (let number = 1; number <= document.numPages; number += 1) {
          signal?.throwIfAborted();
          try {
            pages.push(await readPage(document, number));
          } catch (error) {
            damaged.push({
              number,
              detail: error instanceof Error ? error.message : String(error),
            });
          }
        }
        if (pages.length === 0 && damaged[0]) {
          throw new CorruptFileError(path, noReadablePage(damaged.length, damaged[0]));
        }
        const textless = pages.filter((page) => page.lines.length === 0).map((page) => page.number);
        // Outline and title first: after a page that pdf.js does not finish, nothing more can be
        // asked of this document.
        const textBlocks = await documentBlocks(document, pages);
        const title = await readTitle(document);
        const recognised = await pageOcr?.read(document, textless, signal);
        stuck = recognised?.stuck === true;
        if (stuck) {
          pdfjs = undefined;
          restartPdfjs?.();
        }
        const blocks = withRecognisedPages(textBlocks, recognised);
        if (!blocks.some((block) => block.kind === 'paragraph')) {
          if (recognised?.turnedOff) throw new OcrTurnedOffError(path);
          throw new EmptyFileError(
            path,
            noTextReason(textless.length > 0 ? recognised : undefined),
          );
        }
        const parsed = documentFromBlocks(path, blocks, title);
        if (damaged.length > 0)
          parsed.warnings = [damagedPagesWarning(damaged.map((page) => page.number))];
        return withOcrNotes(parsed, recognised);
      } finally {
        // A stuck worker (replaced above) would answer `destroy` only after its page.
        if (stuck) void task.destroy().catch(() => undefined);
        else await task.destroy();
      }
    },
  };
}

/** Why a PDF without a text layer gave no text, from what OCR made of its text-less pages. */
function noTextReason(recognised: RecognisedPages | undefined): string {
  if (recognised?.stuck) {
    return 'no text layer, and the PDF reader could not draw its pages for text recognition (OCR)';
  }
  if (recognised) return 'no text layer, and text recognition (OCR) found no text on its pages';
  return 'no text layer: if it is a scan, run it through OCR (text recognition) and sync again';
}

/** One page's lines and annotation texts (pdf.js throws on a damaged page). */
async function readPage(document: Pdfjs.PDFDocumentProxy, number: number): Promise<PageText> {
  const page = await document.getPage(number);
  try {
    const content = await page.getTextContent();
    const items = content.items.filter((item): item is TextItem => 'str' in item);
    // A page whose annotations cannot be read keeps its text.
    const annotations = (await page.getAnnotations().catch(() => [])) as AnnotationText[];
    return { number, lines: linesFromTextItems(items), annotations: annotationTexts(annotations) };
  } finally {
    page.cleanup();
  }
}

/**
 * The blocks of the readable pages: running lines out, paragraphs and headings (outline or type),
 * then each page's annotation texts after its text.
 */
async function documentBlocks(
  document: Pdfjs.PDFDocumentProxy,
  pages: readonly PageText[],
): Promise<Block[]> {
  const bodies = withoutRunningLines(pages.map((page) => page.lines));
  const structured = structurePages(
    pages.map((page, index) => ({
      number: page.number,
      paragraphs: paragraphsFromLines(bodies[index] ?? []),
    })),
    await readOutline(document),
  );
  return pages.flatMap((page, index) => [
    ...(structured[index] ?? []),
    ...page.annotations.map((text): Block => ({ kind: 'paragraph', text, page: page.number })),
  ]);
}

/** "2 damaged pages skipped: 4, 9" (the first 20 numbers at most). */
function damagedPagesWarning(numbers: readonly number[]): string {
  const listed = numbers.slice(0, 20).join(', ') + (numbers.length > 20 ? ', …' : '');
  const pages = numbers.length === 1 ? 'page' : 'pages';
  return `${numbers.length} damaged ${pages} skipped: ${listed}`;
}

function noReadablePage(count: number, first: { number: number; detail: string }): string {
  const pages =
    count === 1 ? 'its only page cannot be read' : `none of its ${count} pages can be read`;
  return `${pages}; page ${first.number} is damaged: ${first.detail}`;
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
