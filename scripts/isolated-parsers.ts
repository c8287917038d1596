/**
 * Parsing in a Node worker thread with a memory limit and a deadline, so that a file which makes a
 * library run away (pdf.js's evaluator loops on a cyclic pattern and fills the heap) fails alone
 * with `ParseWorkerStoppedError` instead of ending the bench or eval that reads it. The Node
 * counterpart of the browser's parse workers; the thread is started on first use and again after
 * one is stopped.
 */
import { Worker } from 'node:worker_threads';
import { ParseWorkerStoppedError } from '../src/adapters/parsers/parse-worker-stopped-error.ts';
import type { ParsedDocument, ParseInput, DocumentParsers } from '../src/core/ports/parser.ts';
import type { ParserRegistry } from '../src/core/ingest/parser-registry.ts';
import { createNodeParsers } from './node-parsers.ts';

export interface IsolatedParserOptions {
  /** Read images and scanned pages with OCR (tesseract.js, English). */
  ocr: boolean;
  /** The thread's heap limit: well above any sane document, far below the machine's memory. */
  heapMb?: number;
  /** Longest a single file may take before its thread is stopped. */
  deadlineMs?: number;
}

const DEFAULT_HEAP_MB = 1024;
/** Five minutes: a 100-page scan at 1-2 s per page fits; a parser stuck in a loop does not. */
const DEFAULT_DEADLINE_MS = 5 * 60_000;

interface Reply {
  id: number;
  document?: ParsedDocument;
  error?: { name: string; message: string; setting?: string };
}

export class IsolatedParsers implements DocumentParsers {
  readonly #options: IsolatedParserOptions;
  /** The registry's own checks (type, size) run here; only parsing goes to the thread. */
  readonly #registry: ParserRegistry;
  #worker: Worker | undefined;
  #nextId = 0;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: IsolatedParserOptions) {
    this.#options = options;
    // With an OCR source (never called here) the registry accepts images, as the thread's does.
    this.#registry = createNodeParsers(options.ocr ? async () => undefined : undefined);
  }

  check(path: string, size: number): void {
    this.#registry.check(path, size);
  }

  /**
   * One file at a time, in the order asked (the ingest asks ahead): a file's deadline counts only
   * its own time, and a thread stopped for one file takes no other file with it.
   */
  parse(input: ParseInput): Promise<ParsedDocument> {
    const parsed = this.#queue.then(() => this.#parseNow(input));
    this.#queue = parsed.catch(() => undefined);
    return parsed;
  }

  async #parseNow({ path, bytes, signal }: ParseInput): Promise<ParsedDocument> {
    this.check(path, bytes.length);
    signal?.throwIfAborted();
    const worker = (this.#worker ??= this.#start());
    const id = (this.#nextId += 1);
    const reply = await new Promise<Reply>((resolve, reject) => {
      const stop = (error: Error) => {
        cleanUp();
        void this.#stop(worker);
        reject(error);
      };
      const onMessage = (message: Reply) => {
        if (message.id !== id) return;
        cleanUp();
        resolve(message);
      };
      const onExit = () => stop(new ParseWorkerStoppedError(path));
      const onAbort = () => stop(signal!.reason as Error);
      const timer = setTimeout(
        () => stop(new ParseWorkerStoppedError(path)),
        this.#options.deadlineMs ?? DEFAULT_DEADLINE_MS,
      );
      const cleanUp = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onExit);
        worker.off('exit', onExit);
        signal?.removeEventListener('abort', onAbort);
      };
      worker.on('message', onMessage);
      worker.on('error', onExit);
      worker.on('exit', onExit);
      signal?.addEventListener('abort', onAbort, { once: true });
      // A copy: the caller keeps its bytes (a PDF's are stored for the viewer).
      worker.postMessage({ id, path, bytes: bytes.slice() });
    });
    if (reply.error) throw Object.assign(new Error(reply.error.message), reply.error);
    return reply.document!;
  }

  /** Ends the thread (and its OCR engine); a later parse starts a new one. */
  async close(): Promise<void> {
    if (this.#worker) await this.#stop(this.#worker);
  }

  #start(): Worker {
    // The thread loads TypeScript through tsx's loader, registered in the thread itself (an
    // `--import tsx` given to a worker does not reach its entry module in Node 20).
    const entry = JSON.stringify(new URL('./parse-thread.ts', import.meta.url).href);
    const source = `import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); });`;
    return new Worker(source, {
      eval: true,
      workerData: { ocr: this.#options.ocr },
      resourceLimits: { maxOldGenerationSizeMb: this.#options.heapMb ?? DEFAULT_HEAP_MB },
    });
  }

  async #stop(worker: Worker): Promise<void> {
    if (this.#worker === worker) this.#worker = undefined;
    await worker.terminate();
  }
}
