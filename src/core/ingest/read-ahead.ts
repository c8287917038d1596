import type { SourceFile } from '../ports/folder-source.ts';

export interface LoadedFile {
  file: SourceFile;
  bytes?: Uint8Array;
  /** Hex SHA-256 of `bytes`; empty when the file was not read. */
  hash: string;
  /** Why the file was not read (rejected by type or size, or unreadable). */
  error?: unknown;
}

export interface ReadAheadLimits {
  /** Files in flight at most. */
  files: number;
  /** Bytes in flight at most (one file is always allowed, whatever its size). */
  bytes: number;
}

/**
 * Yields `files` in order, each loaded by `load`, with up to `limits` of the following files
 * loading meanwhile, so reading and hashing overlap parsing and embedding. Loads begin in groups:
 * more are started once half of those in flight (or fewer) remain, and all at once, so that a
 * source can read the files asked for together in one read (`BlobReads` in the browser).
 */
export async function* readAhead<Loaded extends LoadedFile>(
  files: readonly SourceFile[],
  load: (file: SourceFile) => Promise<Loaded>,
  limits: ReadAheadLimits,
): AsyncGenerator<Loaded> {
  const inFlight: Promise<Loaded>[] = [];
  let inFlightBytes = 0;
  let next = 0;
  const fill = (): void => {
    while (
      next < files.length &&
      (inFlight.length === 0 ||
        (inFlight.length < limits.files && inFlightBytes + files[next]!.size <= limits.bytes))
    ) {
      inFlightBytes += files[next]!.size;
      inFlight.push(load(files[next]!));
      next += 1;
    }
  };
  fill();
  while (inFlight.length > 0) {
    const loaded = await inFlight.shift()!;
    inFlightBytes -= loaded.file.size;
    if (inFlight.length <= limits.files / 2) fill();
    yield loaded;
  }
}
