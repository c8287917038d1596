import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { PdfjsModule, PdfResources } from './pdf.ts';

/**
 * Loads pdf.js for the browser, page or worker. pdf.js cannot start its own worker from inside a
 * worker (it reads `window.location`), and its worker code must not be imported there either (on
 * import it takes over the thread's messages), so the worker is started here and handed over as
 * a port, once, for every document.
 */
export async function loadBrowserPdfjs(): Promise<PdfjsModule> {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerPort ??= new Worker(workerUrl, { type: 'module' });
  return pdfjs;
}

/**
 * Ends pdf.js's worker (busy with a page it will not finish) so that the next
 * `loadBrowserPdfjs` starts a fresh one; documents still open on the old one are lost.
 */
export async function restartBrowserPdfjs(): Promise<void> {
  const pdfjs = await import('pdfjs-dist');
  (pdfjs.GlobalWorkerOptions.workerPort as Worker | null)?.terminate();
  pdfjs.GlobalWorkerOptions.workerPort = null;
}

/**
 * pdf.js's data files as the app serves them (`/pdfjs/`, copied from pdfjs-dist at build and
 * precached for offline use): absolute URLs, since pdf.js fetches them from its own worker.
 */
export function browserPdfResources(): PdfResources {
  const base = new URL(`${import.meta.env.BASE_URL}pdfjs/`, self.location.href);
  return {
    cMapUrl: new URL('cmaps/', base).href,
    standardFontDataUrl: new URL('standard_fonts/', base).href,
    useWorkerFetch: true,
  };
}
