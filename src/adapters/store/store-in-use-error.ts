import { ArchivistError } from '../../core/errors.ts';

/** `LevelStore.open` on a folder that another process (or another store here) holds open. */
export class StoreInUseError extends ArchivistError {
  readonly name = 'StoreInUseError';
  constructor(readonly directory: string) {
    super(
      `The library folder ${directory} is open in another process. Close that one (or wait for it to finish), then try again.`,
    );
  }
}

/** LevelDB refuses a second opener with a lock error as the cause of its own. */
export function isLockHeld(error: unknown): boolean {
  return error instanceof Error && /lock .*already held/i.test(String(error.cause ?? ''));
}
