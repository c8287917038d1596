/**
 * PDF pages for the viewer, drawn by pdf.js on the page's thread: pdf.js parses in its own worker
 * (the app's bundled copy, started as the parser starts it, never from a CDN) and paints the
 * canvas in slices of a few milliseconds, so the page stays responsive. The document is untrusted:
 * it only ever becomes pixels on a canvas and the plain text of its runs; no script, no form, no
 * link of it is used.
 */
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { browserPdfResources, loadBrowserPdfjs } from '../../adapters/parsers/pdfjs-browser.ts';
import { ArchivistError } from '../../core/errors.ts';
import type { PageGeometry, PageTextItem } from '../page-highlights.ts';

/** The pages of a PDF could not be shown; the viewer shows its text instead. */
export class PageRenderError extends ArchivistError {
  readonly name = 'PageRenderError';
  constructor(path: string, detail: string) {
    const reason = detail.replace(/\.$/, '');
    super(`The pages of “${path}” cannot be shown (${reason}). Its text is shown instead.`);
  }
}

/** A canvas over this many pixels is drawn at a lower density. */
const MAX_CANVAS_PIXELS = 12_000_000;

export interface PageRequest {
  pageNumber: number;
  canvas: HTMLCanvasElement;
  /** The width to show the page at, in CSS pixels. */
  cssWidth: number;
  /** Device pixels per CSS pixel (`devicePixelRatio`). */
  pixelRatio: number;
}

export interface RenderedPage {
  pageNumber: number;
  /** The page's size in CSS pixels. */
  width: number;
  height: number;
  geometry: PageGeometry;
  items: PageTextItem[];
}

/** A page being drawn; `cancel` stops it and `done` then rejects with `isCancelledRender`. */
export interface PageRender {
  done: Promise<RenderedPage>;
  cancel(): void;
}

export interface PdfDocument {
  readonly pageCount: number;
  renderPage(request: PageRequest): PageRender;
  destroy(): Promise<void>;
}

/** Opens a PDF from its bytes (which pdf.js takes over). */
export async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  const pdfjs = await loadBrowserPdfjs();
  const document = await pdfjs.getDocument({
    data: bytes,
    ...browserPdfResources(),
    cMapPacked: true,
    isEvalSupported: false,
    enableXfa: false,
    verbosity: 0,
  }).promise;
  return new PdfjsDocument(document);
}

/** Whether a render ended because it was cancelled (a newer one replaced it). */
export function isCancelledRender(error: unknown): boolean {
  return error instanceof Error && error.name === 'RenderingCancelledException';
}

class PdfjsDocument implements PdfDocument {
  readonly pageCount: number;
  readonly #document: PDFDocumentProxy;
  /** The last render on each canvas: pdf.js draws on a canvas one render at a time. */
  readonly #drawing = new WeakMap<HTMLCanvasElement, Promise<unknown>>();

  constructor(document: PDFDocumentProxy) {
    this.#document = document;
    this.pageCount = document.numPages;
  }

  renderPage(request: PageRequest): PageRender {
    let task: RenderTask | undefined;
    let cancelled = false;
    const previous = this.#drawing.get(request.canvas) ?? Promise.resolve();
    const done = previous.then(async () => {
      const page = await this.#document.getPage(request.pageNumber);
      const scale = request.cssWidth / page.getViewport({ scale: 1 }).width;
      const viewport = page.getViewport({ scale });
      const density = Math.min(
        request.pixelRatio,
        Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)),
      );
      if (cancelled) throw cancellation();
      request.canvas.width = Math.floor(viewport.width * density);
      request.canvas.height = Math.floor(viewport.height * density);
      task = page.render({
        canvas: request.canvas,
        viewport,
        ...(density === 1 ? {} : { transform: [density, 0, 0, density, 0, 0] }),
      });
      const [, content] = await Promise.all([task.promise, page.getTextContent()]);
      return {
        pageNumber: request.pageNumber,
        width: viewport.width,
        height: viewport.height,
        geometry: { transform: viewport.transform, scale: viewport.scale },
        items: content.items.filter((item): item is TextItem => 'str' in item),
      };
    });
    this.#drawing.set(
      request.canvas,
      done.catch(() => undefined),
    );
    return {
      done,
      cancel: () => {
        cancelled = true;
        task?.cancel();
      },
    };
  }

  async destroy(): Promise<void> {
    await this.#document.destroy();
  }
}

function cancellation(): Error {
  const error = new Error('The page was replaced before it was drawn.');
  error.name = 'RenderingCancelledException';
  return error;
}
