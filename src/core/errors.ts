/**
 * Every failure the user can meet has its own class with a stable `name` (across a worker boundary
 * only `name` and `message` survive: match on `name`) and a message that says what to do.
 */
export abstract class ArchivistError extends Error {
  abstract override readonly name: string;
}

export class UnsupportedFileError extends ArchivistError {
  readonly name = 'UnsupportedFileError';
  constructor(path: string) {
    super(`"${path}" is not a document type Archivist can read; it was skipped.`);
  }
}

export class BinaryFileError extends ArchivistError {
  readonly name = 'BinaryFileError';
  constructor(path: string) {
    super(`"${path}" looks like a binary file, not text; it was skipped.`);
  }
}

export class EmptyFileError extends ArchivistError {
  readonly name = 'EmptyFileError';
  constructor(path: string) {
    super(`"${path}" has no text to index; it was skipped.`);
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

/** A plain `{ name, message }` for storing or posting an error. */
export function describeError(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
