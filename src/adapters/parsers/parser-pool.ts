import type { DocumentParsers, ParsedDocument, ParseInput } from '../../core/ports/parser.ts';
import { ParseWorkerStoppedError } from './parse-worker-stopped-error.ts';

/** What a parse worker answers: the document, and the bytes it was given, handed back. */
export interface ParseReply {
  document: ParsedDocument;
  bytes: Uint8Array;
}

/** A started parse worker as the pool drives it. */
export interface ParseWorker {
  /** Parses in the worker; `bytes` are moved there (detached here) and come back in the reply. */
  parse(path: string, bytes: Uint8Array): Promise<ParseReply>;
  /** Settles once the worker has ended by itself (a crash, `close()`); never for `terminate`. */
  readonly ended: Promise<void>;
  terminate(): void;
}

export interface ParserPoolOptions {
  /** The type and size check before a file is read (the registry's: it needs no library). */
  check: DocumentParsers['check'];
  start: () => ParseWorker;
  /** How many workers may run; asked whenever the pool would start another. */
  size: () => Promise<number>;
  /** A worker is ended after this long without a file (default a minute); another comes as needed. */
  idleMilliseconds?: number;
}

const DEFAULT_IDLE_MILLISECONDS = 60_000;

interface Task {
  input: ParseInput;
  resolve: (document: ParsedDocument) => void;
  reject: (error: unknown) => void;
  /** Stops listening to the task's signal. */
  release: () => void;
}

interface Slot {
  worker: ParseWorker;
  task?: Task;
  /** Ends the worker once it has been idle for `idleMilliseconds`. */
  idleTimer?: ReturnType<typeof setTimeout>;
}

/**
 * `DocumentParsers` over a pool of parse workers: each parse goes to an idle worker, a new one
 * while fewer than `size()` run, or waits its turn. Bytes move to the worker and back without a
 * copy, and `input.bytes` holds them again once the parse has settled with a document. An
 * aborted parse is dropped from the queue, or its worker is ended (and replaced when next needed);
 * a worker that ends by itself fails its file with `ParseWorkerStoppedError` and is replaced. A
 * worker left without work for `idleMilliseconds` is ended, so an idle library holds no parsers.
 */
export class ParserPool implements DocumentParsers {
  readonly #options: ParserPoolOptions;
  readonly #slots = new Set<Slot>();
  #queue: Task[] = [];
  /** A dispatch is waiting for `size()`; another one would start workers twice. */
  #sizing = false;

  constructor(options: ParserPoolOptions) {
    this.#options = options;
  }

  /** Workers running now, busy or idle. */
  get workerCount(): number {
    return this.#slots.size;
  }

  check(path: string, size: number): void {
    this.#options.check(path, size);
  }

  parse(input: ParseInput): Promise<ParsedDocument> {
    if (input.signal?.aborted) return Promise.reject(input.signal.reason as Error);
    return new Promise((resolve, reject) => {
      const onAbort = () => this.#abort(task);
      input.signal?.addEventListener('abort', onAbort, { once: true });
      const release = () => input.signal?.removeEventListener('abort', onAbort);
      const task: Task = { input, resolve, reject, release };
      this.#queue.push(task);
      void this.#dispatch();
    });
  }

  /** Ends every worker; parses under way or waiting fail with the reason. */
  close(reason: unknown = new DOMException('The parser pool was closed.', 'AbortError')): void {
    for (const task of this.#queue) this.#settle(task, reason);
    this.#queue = [];
    for (const slot of this.#slots) {
      clearTimeout(slot.idleTimer);
      slot.worker.terminate();
      if (slot.task) this.#settle(slot.task, reason);
    }
    this.#slots.clear();
  }

  async #dispatch(): Promise<void> {
    while (this.#queue.length > 0) {
      let slot = [...this.#slots].find((candidate) => candidate.task === undefined);
      if (!slot) {
        if (this.#sizing) return;
        this.#sizing = true;
        const size = await this.#options.size().finally(() => (this.#sizing = false));
        if (this.#slots.size >= size || this.#queue.length === 0) return;
        slot = this.#startWorker();
      }
      const task = this.#queue.shift()!;
      this.#run(slot, task);
    }
  }

  #startWorker(): Slot {
    const slot: Slot = { worker: this.#options.start() };
    this.#slots.add(slot);
    void slot.worker.ended.then(() => {
      clearTimeout(slot.idleTimer);
      if (!this.#slots.delete(slot)) return;
      if (slot.task) this.#settle(slot.task, new ParseWorkerStoppedError(slot.task.input.path));
      slot.task = undefined;
      void this.#dispatch();
    });
    return slot;
  }

  #run(slot: Slot, task: Task): void {
    clearTimeout(slot.idleTimer);
    slot.task = task;
    const bytes = whole(task.input.bytes);
    slot.worker.parse(task.input.path, bytes).then(
      (reply) => {
        if (slot.task !== task) return;
        slot.task = undefined;
        task.input.bytes = reply.bytes;
        this.#settle(task, undefined, reply.document);
        this.#next(slot);
      },
      (error: unknown) => {
        if (slot.task !== task) return;
        slot.task = undefined;
        this.#settle(task, error);
        this.#next(slot);
      },
    );
  }

  /** Gives the worker that finished a file the next one, or starts counting its idle time. */
  #next(slot: Slot): void {
    void this.#dispatch();
    if (slot.task !== undefined) return;
    slot.idleTimer = setTimeout(() => {
      if (slot.task !== undefined || !this.#slots.delete(slot)) return;
      slot.worker.terminate();
    }, this.#options.idleMilliseconds ?? DEFAULT_IDLE_MILLISECONDS);
  }

  #abort(task: Task): void {
    const reason: unknown = task.input.signal?.reason;
    const queued = this.#queue.indexOf(task);
    if (queued >= 0) this.#queue.splice(queued, 1);
    for (const slot of this.#slots) {
      if (slot.task !== task) continue;
      // A parse cannot be stopped inside its worker: the worker goes, another comes when needed.
      this.#slots.delete(slot);
      clearTimeout(slot.idleTimer);
      slot.task = undefined;
      slot.worker.terminate();
    }
    this.#settle(task, reason);
    void this.#dispatch();
  }

  #settle(task: Task, error: unknown, document?: ParsedDocument): void {
    task.release();
    if (document) task.resolve(document);
    else task.reject(error);
  }
}

/** The bytes as a view of a whole buffer of their own, so that moving the buffer moves only them. */
function whole(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : bytes.slice();
}
