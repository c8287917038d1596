import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { PdfjsModule } from './pdf.ts';

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
