import { ArchivistError } from '../../core/errors.ts';

/** Why a connection closed: this app closed it, another tab's upgrade needed it, or the browser. */
export type ClosedReason = 'closed' | 'versionchange' | 'terminated';

const MESSAGES: Record<ClosedReason, string> = {
  closed: 'Archivist’s storage was closed in this tab. Reload the page.',
  versionchange:
    'A newer version of Archivist opened in another tab, so this tab let go of its storage. Reload the page.',
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
