import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import { toStorageError } from './quota-errors.ts';
import type { ArchivistSchema } from './schema.ts';

/** A readwrite transaction of a database with `Schema` (by default the library's). */
export type WriteTransaction<Schema extends DBSchema = ArchivistSchema> = IDBPTransaction<
  Schema,
  StoreNames<Schema>[],
  'readwrite'
>;

/**
 * Runs `work` in one readwrite transaction over `stores` and resolves once it has committed. When
 * `work` fails the transaction is aborted, so none of its requests take effect; a quota failure
 * comes out as `StorageFullError`. `work` must await only requests of this transaction.
 */
export async function runWrite<Schema extends DBSchema, Result>(
  database: IDBPDatabase<Schema>,
  stores: StoreNames<Schema>[],
  work: (transaction: WriteTransaction<Schema>) => Promise<Result>,
): Promise<Result> {
  const transaction = database.transaction(stores, 'readwrite');
  transaction.done.catch(() => undefined); // awaited below; never an unhandled rejection
  try {
    const result = await work(transaction);
    await transaction.done;
    return result;
  } catch (error) {
    abortQuietly(transaction);
    throw toStorageError(error, transaction.error);
  }
}

/**
 * Awaits every request `issue` makes. When issuing throws part way (a put can throw at once), the
 * requests already made are still observed, so the abort that follows rejects none unhandled.
 */
export async function awaitRequests(
  issue: (track: (request: Promise<unknown>) => void) => void,
): Promise<void> {
  const requests: Promise<unknown>[] = [];
  try {
    issue((request) => requests.push(request));
  } catch (error) {
    for (const request of requests) request.catch(() => undefined);
    throw error;
  }
  await Promise.all(requests);
}

function abortQuietly(transaction: { abort(): void }): void {
  try {
    transaction.abort();
  } catch {
    // Already committed, or already aborted by the failure itself.
  }
}
