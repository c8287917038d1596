import { transferHandlers, type TransferHandler } from 'comlink';

/** What a thrown error becomes on its way to the page. */
export interface TransferredError {
  isError: true;
  value: { name: string; message: string; setting?: string };
}

/**
 * An error (or anything thrown) as its `name` and `message` only, and the `setting` that decided
 * it when it names one (`ArchivistError.setting`): no stack, no other fields.
 */
export function toTransferredError(thrown: unknown): TransferredError {
  const { name, message, setting } =
    typeof thrown === 'object' && thrown !== null
      ? (thrown as Partial<Error> & { setting?: unknown })
      : {};
  return {
    isError: true,
    value: {
      name: typeof name === 'string' ? name : 'Error',
      message: typeof message === 'string' ? message : String(thrown),
      ...(typeof setting === 'string' ? { setting } : {}),
    },
  };
}

/**
 * Makes comlink send every error thrown by this realm's exposed API as `{ name, message }` (the
 * page rebuilds an `Error` with both); the UI matches on `name`.
 */
export function sendErrorsAsNameAndMessage(): void {
  const standard = transferHandlers.get('throw') as TransferHandler<{ value: unknown }, unknown>;
  transferHandlers.set('throw', {
    canHandle: standard.canHandle,
    serialize: ({ value }) => [toTransferredError(value), []],
    deserialize: standard.deserialize,
  } satisfies TransferHandler<{ value: unknown }, unknown>);
}
