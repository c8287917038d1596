import { ArchivistError } from '../../core/errors.ts';

/** The worker parsing a file ended before it answered (a crash, often memory on a huge file). */
export class ParseWorkerStoppedError extends ArchivistError {
  readonly name = 'ParseWorkerStoppedError';
  constructor(path: string) {
    super(
      `Reading "${path}" stopped the worker that parsed it (the file may be too large or damaged), ` +
        'so it was not indexed; the other files were. Try a smaller or repaired copy of it.',
    );
  }
}
