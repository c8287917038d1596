import { ArchivistError } from '../../core/errors.ts';

/**
 * Why a connection closed: this app closed it, another tab's upgrade needed it, another tab
 * deleted the database (Delete all data), or the browser closed it.
 */
export type ClosedReason = 'closed' | 'versionchange' | 'deleted' | 'terminated';

const MESSAGES: Record<ClosedReason, string> = {
  closed: 'Archivist’s storage was closed in this tab. Reload the page.',
  versionchange:
    'Archivist was updated in another tab, so this tab let go of its storage; reload this one. Nothing stored was lost.',
  deleted: 'Archivist’s data was deleted in another tab. Reload this one to start again.',
  terminated:
    'The browser closed Archivist’s storage (for example after site data was cleared). Reload the page.',
};

/** Thrown by every call on a store whose database connection is closed. */
export class DatabaseClosedError extends ArchivistError {
  readonly name = 'DatabaseClosedError';
  constructor(reason: ClosedReason) {
    super(MESSAGES[reason]);
  }
}

/** Another tab keeps an older version of the database open, so this one cannot upgrade it yet. */
export class DatabaseBlockedError extends ArchivistError {
  readonly name = 'DatabaseBlockedError';
  constructor() {
    super(
      'Archivist was updated and is waiting for its other tabs to let go of its storage. Close or reload the other Archivist tabs; this one goes on by itself then.',
    );
  }
}
