import { OCR_SETTING } from './ports/ocr-engine.ts';

/**
 * Every failure the user can meet has its own class with a stable `name` (across a worker boundary
 * only `name`, `message` and `setting` survive: match on `name`) and a message that says what to do.
 */
export abstract class ArchivistError extends Error {
  abstract override readonly name: string;
  /**
   * For a file passed over because of how a setting is (text recognition turned off): that
   * setting's name. Such a file is skipped, and read again once the setting has changed.
   */
  declare readonly setting?: string;
}

export class UnsupportedFileError extends ArchivistError {
  readonly name = 'UnsupportedFileError';
  constructor(path: string) {
    super(`"${path}" is not a document type Archivist can read; it was skipped.`);
  }
}

export class BinaryFileError extends ArchivistError {
  readonly name = 'BinaryFileError';
  /** `detail`: what gave it away, e.g. "NUL bytes in its first 8 KB". */
  constructor(path: string, detail?: string) {
    super(
      `"${path}" looks like a binary file, not text${detail ? ` (${detail})` : ''}; it was skipped. If it is a text document, save it as UTF-8 text and sync again.`,
    );
  }
}

export class EmptyFileError extends ArchivistError {
  readonly name = 'EmptyFileError';
  /** `detail`: why there is no text, e.g. "the file is 0 bytes". */
  constructor(path: string, detail?: string) {
    super(`"${path}" has no text to index${detail ? ` (${detail})` : ''}; it was skipped.`);
  }
}

export class PasswordProtectedError extends ArchivistError {
  readonly name = 'PasswordProtectedError';
  constructor(path: string) {
    super(
      `"${path}" is password-protected; Archivist can't read it. Save a copy without the password (or remove it) and sync again.`,
    );
  }
}

export class FileTooLargeError extends ArchivistError {
  readonly name = 'FileTooLargeError';
  constructor(path: string, size: number, limit: number) {
    super(
      `"${path}" is ${formatBytes(size)}, over the ${formatBytes(limit)} limit per file; split it or leave it out.`,
    );
  }
}

export class CorruptFileError extends ArchivistError {
  readonly name = 'CorruptFileError';
  constructor(path: string, detail: string) {
    super(`"${path}" could not be read (${detail}); it may be damaged. Re-save or re-export it.`);
  }
}

/** An Office, OpenDocument or EPUB file that would unpack to more than is safe to read. */
export class ArchiveTooLargeError extends ArchivistError {
  readonly name = 'ArchiveTooLargeError';
  /** `detail`: what is over the limit, e.g. "more than 20,000 parts". */
  constructor(path: string, detail: string) {
    super(
      `"${path}" unpacks to ${detail}, more than Archivist reads from one document; it was skipped (it may be a "zip bomb"). If it is a real document, split it into smaller files.`,
    );
  }
}

export class FileReadError extends ArchivistError {
  readonly name = 'FileReadError';
  constructor(path: string, detail: string) {
    super(`"${path}" could not be opened (${detail}); check that it still exists and is readable.`);
  }
}

export class StorageFullError extends ArchivistError {
  readonly name = 'StorageFullError';
  constructor() {
    super(
      'The browser has no storage space left for Archivist. Free disk space or remove a collection, then resume.',
    );
  }
}

export class EmbedderLoadError extends ArchivistError {
  readonly name = 'EmbedderLoadError';
  constructor(
    readonly model: string,
    /** Why, in a few words (the message adds what to do). */
    readonly detail: string,
  ) {
    super(
      `The embedding model "${model}" could not be loaded (${detail}). Check the connection and the model host under "Change…" on the collection, then try again.`,
    );
  }
}

export class DimensionMismatchError extends ArchivistError {
  readonly name = 'DimensionMismatchError';
  constructor(expected: number, actual: number) {
    super(
      `A vector has ${actual} dimensions where the index expects ${expected}; re-embed the collection with one model.`,
    );
  }
}

export class CollectionNotFoundError extends ArchivistError {
  readonly name = 'CollectionNotFoundError';
  constructor(id: string) {
    super(`The collection "${id}" does not exist any more; add its folder again.`);
  }
}

export class ConversationNotFoundError extends ArchivistError {
  readonly name = 'ConversationNotFoundError';
  constructor() {
    super('This conversation does not exist any more (it was deleted, perhaps in another tab).');
  }
}

/** The language model server could not be reached (not running, wrong address, blocked). */
export class EngineUnavailableError extends ArchivistError {
  readonly name = 'EngineUnavailableError';
  constructor(
    /** The server URL. */
    readonly where: string,
    readonly detail: string,
  ) {
    super(
      `The language model at ${where} could not be reached (${detail}). Is the server running at ${where}? Start it, or correct the address in the Models view. A web page reaches a server only if the server allows the page's origin: start Ollama with OLLAMA_ORIGINS set to this page's address (the Models view shows the command); llama.cpp's server allows every origin.`,
    );
  }
}

/** A WebLLM model could not be started (no WebGPU, a missing GPU feature, a failed download). */
export class EngineLoadError extends ArchivistError {
  readonly name = 'EngineLoadError';
  constructor(
    readonly model: string,
    readonly detail: string,
  ) {
    super(
      `The language model "${model}" could not be loaded (${detail}). Check that this browser has WebGPU and enough free memory, and the connection for its first download; or choose a smaller model, a local server, or extractive answers in Settings.`,
    );
  }
}

/** The browser's built-in model (the Prompt API) is missing here or cannot run on this device. */
export class BuiltInModelUnavailableError extends ArchivistError {
  readonly name = 'BuiltInModelUnavailableError';
  constructor(readonly detail: string) {
    super(
      `This browser's built-in language model cannot be used (${detail}). It needs desktop Chrome 148 or later with enough free disk space for Chrome to download it; meanwhile choose an on-device download or a local server in the Models view.`,
    );
  }
}

/** The browser downloads its built-in model only after a click on the page. */
export class BuiltInModelActivationError extends ArchivistError {
  readonly name = 'BuiltInModelActivationError';
  constructor() {
    super(
      'The browser starts downloading its built-in model only after a click: press “Use the model built into this browser” in the Models view.',
    );
  }
}

export class EngineTimeoutError extends ArchivistError {
  readonly name = 'EngineTimeoutError';
  constructor(
    readonly where: string,
    readonly waitedMs: number,
    /** `first byte`: nothing arrived; `between chunks`: the stream stalled. */
    readonly phase: 'first byte' | 'between chunks',
  ) {
    super(
      phase === 'first byte'
        ? `The language model at ${where} did not start answering within ${formatSeconds(waitedMs)}. It may still be loading the model; wait a moment and try again, or raise the timeout in Settings.`
        : `The language model at ${where} stopped sending its answer for ${formatSeconds(waitedMs)}. Check that the server is still running, then try again.`,
    );
  }
}

/** The engine answered, but with an error or a reply Archivist cannot read. */
export class EngineResponseError extends ArchivistError {
  readonly name = 'EngineResponseError';
  constructor(
    /** The server URL or model id. */
    readonly where: string,
    /** HTTP status, when the engine is a server. */
    readonly status: number | undefined,
    /** The engine's own message. */
    readonly detail: string,
  ) {
    super(
      `The language model ${where} answered with an error${status === undefined ? '' : ` (HTTP ${status})`}: ${detail}. Check the model in Settings (and the server's log, for a local server), then try again.`,
    );
  }
}

export class ContextOverflowError extends ArchivistError {
  readonly name = 'ContextOverflowError';
  constructor(
    /** The server URL or model id. */
    readonly where: string,
    readonly detail: string,
  ) {
    super(
      `The question and its passages do not fit in the context window of ${where} (${detail}). Ask a shorter question, search fewer collections, or choose a model with a larger context window.`,
    );
  }
}

/** A strategy used up its model calls or rounds before it finished. */
export class BudgetExhaustedError extends ArchivistError {
  readonly name = 'BudgetExhaustedError';
  constructor(
    readonly limit: 'llm-calls' | 'rounds',
    readonly max: number,
  ) {
    super(
      `Archivist stopped after ${max} ${limit === 'llm-calls' ? 'model calls' : 'rounds of research'}, the most this answering strategy allows. Ask a narrower question, or choose the "thorough" strategy in Settings for a larger budget.`,
    );
  }
}

/** Text recognition (OCR) could not start: its engine or its language data did not load. */
export class OcrUnavailableError extends ArchivistError {
  readonly name = 'OcrUnavailableError';
  /** `detail`: what failed, e.g. "the language data for deu could not be downloaded". */
  constructor(readonly detail: string) {
    super(
      `Text recognition (OCR) could not start (${detail}). Check the OCR settings (languages and their download host) and your connection, then sync again; the images are retried.`,
    );
  }
}

/** The OCR engine could not decode an image (a damaged or unsupported picture). */
export class OcrImageError extends ArchivistError {
  readonly name = 'OcrImageError';
  constructor(readonly detail: string) {
    super(`The image could not be decoded for text recognition (${detail}).`);
  }
}

/** An image or a scanned page was not read because text recognition is turned off. */
export class OcrTurnedOffError extends ArchivistError {
  readonly name = 'OcrTurnedOffError';
  override readonly setting = OCR_SETTING;
  constructor(path: string) {
    super(
      `"${path}" has no text but what is printed in its images, and text recognition (OCR) is turned off; it was skipped. Turn it on under “Text recognition (OCR)” in the Library and sync the folder again to index it.`,
    );
  }
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

function formatSeconds(milliseconds: number): string {
  const seconds = milliseconds / 1000;
  return `${seconds >= 10 ? Math.round(seconds) : Number(seconds.toFixed(1))} s`;
}

/** A plain `{ name, message }` for storing or posting an error. */
export function describeError(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
