/**
 * The OcrEngine port over tesseract.js (Tesseract's LSTM recogniser compiled to WebAssembly). One
 * tesseract.js worker (its own thread, in Node and in the browser) does every recognition, one at
 * a time; it starts on the first image, and is ended after a while without work, or at once when
 * a recognition is aborted (Tesseract cannot stop a job halfway, so ending the worker is the only
 * way to stop it): the next image starts a fresh one.
 */
import type Tesseract from 'tesseract.js';
import { OcrImageError, OcrUnavailableError } from '../../core/errors.ts';
import type {
  OcrBox,
  OcrEngine,
  OcrResult,
  RecogniseOptions,
} from '../../core/ports/ocr-engine.ts';

type TesseractModule = Pick<typeof Tesseract, 'createWorker'>;

export interface TesseractEngineOptions {
  /** Tesseract language codes, e.g. `['eng']` or `['eng', 'deu']`. */
  languages: readonly string[];
  /** Loads tesseract.js; on the first image only. */
  loadTesseract: () => Promise<TesseractModule>;
  /** Where tesseract.js finds its worker, core and language data, and how it caches the data. */
  paths: Partial<Tesseract.WorkerOptions>;
  /** The worker is ended after this long without work (default one minute). */
  idleMilliseconds?: number;
}

/** Tesseract's LSTM recogniser only: the legacy one needs larger data and reads worse. */
const LSTM_ONLY = 1;
const DEFAULT_IDLE_MILLISECONDS = 60_000;

export class TesseractEngine implements OcrEngine {
  readonly languages: readonly string[];
  readonly #options: TesseractEngineOptions;
  #worker: Promise<Tesseract.Worker> | undefined;
  /** The recognition running or last run: the next waits for it. */
  #queue: Promise<unknown> = Promise.resolve();
  #idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: TesseractEngineOptions) {
    this.languages = [...options.languages];
    this.#options = options;
  }

  recognise(image: Uint8Array, options: RecogniseOptions = {}): Promise<OcrResult> {
    const run = this.#queue.then(() => this.#recogniseNow(image, options.signal));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Ends the worker now (the engine starts another when it is asked again). */
  async close(): Promise<void> {
    clearTimeout(this.#idleTimer);
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.then((started) => started.terminate()).catch(() => undefined);
  }

  async #recogniseNow(image: Uint8Array, signal: AbortSignal | undefined): Promise<OcrResult> {
    signal?.throwIfAborted();
    clearTimeout(this.#idleTimer);
    const worker = await this.#startedWorker();
    let stop: () => void = () => undefined;
    const aborted = new Promise<never>((_, reject) => {
      stop = () => {
        void this.close();
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', stop, { once: true });
    });
    try {
      // tesseract.js reads a Uint8Array as it reads a Buffer (its types name only Buffer).
      const bytes = image as unknown as Tesseract.ImageLike;
      const recognised = worker.recognize(bytes, {}, { blocks: true, text: false });
      const { data } = await Promise.race([recognised, aborted]);
      return resultOf(data);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new OcrImageError(messageOf(error));
    } finally {
      signal?.removeEventListener('abort', stop);
      if (this.#worker) this.#idleTimer = setTimeout(() => void this.close(), this.#idleTime());
    }
  }

  #startedWorker(): Promise<Tesseract.Worker> {
    this.#worker ??= this.#startWorker().catch((error: unknown) => {
      this.#worker = undefined;
      throw error;
    });
    return this.#worker;
  }

  async #startWorker(): Promise<Tesseract.Worker> {
    const { createWorker } = await this.#options.loadTesseract().catch((error: unknown) => {
      throw new OcrUnavailableError(`the OCR engine could not be loaded: ${messageOf(error)}`);
    });
    try {
      return await createWorker([...this.languages], LSTM_ONLY, {
        ...this.#options.paths,
        // Failures reject the job's promise; without a handler tesseract.js also throws them.
        errorHandler: () => undefined,
      });
    } catch (error) {
      throw new OcrUnavailableError(
        `the OCR engine or the data for ${this.languages.join(', ')} did not load: ${messageOf(error)}`,
      );
    }
  }

  #idleTime(): number {
    return this.#options.idleMilliseconds ?? DEFAULT_IDLE_MILLISECONDS;
  }
}

/** The paragraphs of tesseract.js's block tree. */
function resultOf(page: Tesseract.Page): OcrResult {
  const paragraphs = (page.blocks ?? []).flatMap((block) =>
    block.paragraphs.map((paragraph) => ({
      lines: paragraph.lines.map((line) => ({
        box: boxOf(line.bbox),
        words: line.words.map((word) => ({
          text: word.text,
          confidence: word.confidence,
          box: boxOf(word.bbox),
        })),
      })),
    })),
  );
  return { paragraphs };
}

function boxOf({ x0, y0, x1, y1 }: Tesseract.Bbox): OcrBox {
  return { x0, y0, x1, y1 };
}

/** tesseract.js rejects with strings (the worker's message), not errors. */
function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/^(Error: )+/, '');
}
