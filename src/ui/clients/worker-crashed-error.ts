import { ArchivistError } from '../../core/errors.ts';

/**
 * The library worker stopped (it crashed or the browser ended it). Every call that was waiting
 * for it is rejected with this error; `restarted` says whether a new worker took its place.
 */
export class WorkerCrashedError extends ArchivistError {
  readonly name = 'WorkerCrashedError';
  constructor(readonly restarted: boolean) {
    super(
      restarted
        ? 'The background worker stopped; Archivist restarted it. What it was doing was interrupted: try it again (a sync can be resumed from its collection).'
        : 'The background worker stopped again and again, so Archivist did not restart it this time. Reload the page; if it keeps stopping, close other tabs to free memory.',
    );
  }
}
