import type { IDBPTransaction } from 'idb';
import { toStorageError } from './quota-errors.ts';
import type { ArchivistDatabase, ArchivistSchema, StoreName } from './schema.ts';

export type WriteTransaction = IDBPTransaction<ArchivistSchema, StoreName[], 'readwrite'>;

/**
 * Runs `work` in one readwrite transaction over `stores` and resolves once it has committed. When
 * `work` fails the transaction is aborted, so none of its requests take effect; a quota failure
 * comes out as `StorageFullError`. `work` must await only requests of this transaction.
 */
export async function runWrite<Result>(
  database: ArchivistDatabase,
  stores: StoreName[],
  work: (transaction: WriteTransaction) => Promise<Result>,
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

function abortQuietly(transaction: WriteTransaction): void {
  try {
    transaction.abort();
  } catch {
    // Already committed, or already aborted by the failure itself.
  }
}
