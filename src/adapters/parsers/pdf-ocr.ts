/**
 * Scanned PDF pages through OCR: a page with no text of its own is drawn by pdf.js (on an
 * OffscreenCanvas in a worker, on pdf.js's Node canvas in Node) at about 300 DPI, encoded as
 * PNG and read by the OCR engine. Each recognised word keeps its box in PDF units on the page, so
 * the viewer can mark an OCR'd passage on the page it draws.
 */
import type * as Pdfjs from 'pdfjs-dist';
import { isDoubtful, readOcrResult } from '../../core/ingest/ocr-blocks.ts';
import { doubtfulWarning } from '../../core/ingest/parsers/image.ts';
import type { OcrBox, OcrEngine, OcrEngineSource } from '../../core/ports/ocr-engine.ts';
import type { Block, ParsedDocument } from '../../core/ports/parser.ts';

/** 300 DPI, what OCR reads best; a page is never drawn larger than MAX_SIDE pixels a side. */
const RENDER_SCALE = 300 / 72;
const MAX_SIDE = 5000;

/**
 * Longest pdf.js may take to draw one page for OCR. Drawing runs in pdf.js's worker, so a page
 * whose content never ends (pdf.js's evaluator loops on some cyclic patterns and fills its heap)
 * is given up here while that worker is still busy.
 */
export const PAGE_DRAW_DEADLINE_MS = 15_000;

/** What OCR made of a PDF's text-less pages. */
export interface RecognisedPages {
  blocks: Block[];
  /** Pages whose text came from OCR. */
  ocrPages: number;
  warnings: string[];
  /** OCR is turned off: the pages were not read. */
  turnedOff: boolean;
  /**
   * A page was not drawn within the deadline: pdf.js's worker is still busy with it, so it must be
   * replaced before the next PDF (and this document is not waited for).
   */
  stuck: boolean;
}

export interface PdfPageOcr {
  /** Reads the pages `numbers` (1-based) of `document` by OCR, in order. */
  read(
    document: Pdfjs.PDFDocumentProxy,
    numbers: readonly number[],
    signal?: AbortSignal,
  ): Promise<RecognisedPages>;
}

export function createPdfPageOcr(ocrEngine: OcrEngineSource): PdfPageOcr {
  return {
    async read(document, numbers, signal) {
      const recognised: RecognisedPages = {
        blocks: [],
        ocrPages: 0,
        warnings: [],
        turnedOff: false,
        stuck: false,
      };
      if (numbers.length === 0) return recognised;
      const engine = await ocrEngine();
      if (!engine) return { ...recognised, turnedOff: true };
      const doubtful: number[] = [];
      const blank: number[] = [];
      let confidence = 0;
      for (const number of numbers) {
        signal?.throwIfAborted();
        const reading = await withinDeadline(readPage(engine, document, number, signal));
        if (reading === undefined) {
          recognised.stuck = true;
          recognised.warnings.push(stuckWarning(number, numbers.at(-1)!));
          break;
        }
        if (reading.blocks.length === 0) {
          blank.push(number);
          continue;
        }
        recognised.blocks.push(...reading.blocks);
        recognised.ocrPages += 1;
        if (isDoubtful(reading)) {
          doubtful.push(number);
          confidence += reading.confidence;
        }
      }
      if (doubtful.length > 0) {
        recognised.warnings.push(doubtfulWarning(confidence / doubtful.length, doubtful));
      }
      if (blank.length > 0) {
        recognised.warnings.push(
          `No text was recognised on ${blank.length === 1 ? 'page' : 'pages'} ${blank.join(', ')}, which ${blank.length === 1 ? 'has' : 'have'} no text layer.`,
        );
      }
      return recognised;
    },
  };
}

/** The promise's value, or undefined when it has not settled within the page deadline. */
async function withinDeadline<Value>(promise: Promise<Value>): Promise<Value | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), PAGE_DRAW_DEADLINE_MS);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

function stuckWarning(page: number, last: number): string {
  const rest = last > page ? ` OCR did not read pages ${page + 1}-${last} either.` : '';
  return `Page ${page} could not be drawn for OCR (the PDF reader did not finish it within ${PAGE_DRAW_DEADLINE_MS / 1000} s), so its text was not recognised.${rest}`;
}

/** `blocks` with the recognised pages' blocks put in page order among them. */
export function withRecognisedPages(
  blocks: readonly Block[],
  recognised: RecognisedPages | undefined,
): Block[] {
  if (!recognised || recognised.blocks.length === 0) return [...blocks];
  const merged = [...blocks, ...recognised.blocks];
  return merged
    .map((block, index) => ({ block, index }))
    .sort((left, right) => pageOf(left.block) - pageOf(right.block) || left.index - right.index)
    .map(({ block }) => block);
}

/** The document with OCR's page count and warnings added. */
export function withOcrNotes(
  document: ParsedDocument,
  recognised: RecognisedPages | undefined,
): ParsedDocument {
  if (!recognised || recognised.ocrPages + recognised.warnings.length === 0) return document;
  const warnings = [...(document.warnings ?? []), ...recognised.warnings];
  return {
    ...document,
    ...(recognised.ocrPages > 0 ? { ocrPages: recognised.ocrPages } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

function pageOf(block: Block): number {
  return block.page ?? 0;
}

async function readPage(
  engine: OcrEngine,
  document: Pdfjs.PDFDocumentProxy,
  number: number,
  signal: AbortSignal | undefined,
): Promise<ReturnType<typeof readOcrResult>> {
  const page = await document.getPage(number);
  try {
    const base = page.getViewport({ scale: 1 });
    const scale = Math.min(RENDER_SCALE, MAX_SIDE / Math.max(base.width, base.height));
    const viewport = page.getViewport({ scale });
    const image = await drawPage(document, page, viewport);
    const result = await engine
      .recognise(image, signal ? { signal } : {})
      .catch((error: unknown) => {
        if (error instanceof Error && error.name === 'OcrImageError') return { paragraphs: [] };
        throw error;
      });
    return readOcrResult(result, { page: number, place: (box) => placeOnPage(box, viewport) });
  } finally {
    page.cleanup();
  }
}

/** The box, in the drawn image's pixels, in PDF units from the page's bottom-left corner. */
function placeOnPage(box: OcrBox, viewport: Pdfjs.PageViewport) {
  const [left = 0, bottom = 0] = viewport.convertToPdfPoint(box.x0, box.y1);
  const [right = 0, top = 0] = viewport.convertToPdfPoint(box.x1, box.y0);
  return {
    x: Math.min(left, right),
    y: Math.min(bottom, top),
    width: Math.abs(right - left),
    height: Math.abs(top - bottom),
  };
}

/** pdf.js's Node canvas (@napi-rs/canvas, which pdf.js's Node build draws on). */
interface NodeCanvas {
  toBuffer(mime: 'image/png'): Uint8Array;
}

/** The page drawn on white and encoded as PNG. */
async function drawPage(
  document: Pdfjs.PDFDocumentProxy,
  page: Pdfjs.PDFPageProxy,
  viewport: Pdfjs.PageViewport,
): Promise<Uint8Array> {
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const target = canvas as unknown as HTMLCanvasElement;
    await page.render({ canvas: target, viewport, background: 'white' }).promise;
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    return new Uint8Array(await blob.arrayBuffer());
  }
  const factory = document.canvasFactory as {
    create(
      width: number,
      height: number,
    ): { canvas: NodeCanvas; context: CanvasRenderingContext2D };
    destroy(drawn: object): void;
  };
  const drawn = factory.create(width, height);
  try {
    await page.render({
      canvas: drawn.canvas as unknown as HTMLCanvasElement,
      canvasContext: drawn.context,
      viewport,
      background: 'white',
    }).promise;
    return drawn.canvas.toBuffer('image/png');
  } finally {
    factory.destroy(drawn);
  }
}
