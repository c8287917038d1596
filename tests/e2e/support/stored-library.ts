import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** One collection as its records lie in the page's IndexedDB (read by the test, not the app). */
export interface StoredCollection {
  id: string;
  name: string;
  /** The counts the collection record keeps. */
  fileCount: number;
  chunkCount: number;
  files: { path: string; status: string; chunkCount: number }[];
  /** Every stored chunk as `path#ordinal`, sorted (a chunk stored twice would appear twice). */
  chunkKeys: string[];
  /** How many distinct chunk ids there are. */
  distinctChunkIds: number;
  /** Chunk ids of the stored vector rows, sorted. */
  vectorIds: string[];
}

/** Reads the library database of the page's origin in the page, through a connection of its own. */
export async function readStoredLibrary(page: Page): Promise<StoredCollection[]> {
  return page.evaluate(async () => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('archivist');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all = (store: string): Promise<unknown[]> =>
      new Promise((resolve, reject) => {
        const request = database.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    type Row = Record<string, unknown>;
    const [collections, files, chunkGroups, vectors] = (await Promise.all(
      ['collections', 'files', 'chunkGroups', 'vectors'].map(all),
    )) as Row[][];
    const chunks = (chunkGroups ?? []).flatMap((row) => row.chunks as Row[]);
    database.close();
    return (collections ?? []).map((collection) => {
      const mine = (rows: Row[] | undefined) =>
        (rows ?? []).filter((row) => row.collectionId === collection.id);
      const ownChunks = mine(chunks);
      return {
        id: String(collection.id),
        name: String(collection.name),
        fileCount: Number(collection.fileCount),
        chunkCount: Number(collection.chunkCount),
        files: mine(files).map((file) => ({
          path: String(file.path),
          status: String(file.status),
          chunkCount: Number(file.chunkCount),
        })),
        chunkKeys: ownChunks
          .map((chunk) => `${String(chunk.path)}#${String(chunk.ordinal)}`)
          .sort(),
        distinctChunkIds: new Set(ownChunks.map((chunk) => chunk.id)).size,
        vectorIds: mine(vectors)
          .flatMap((row) => row.ids as string[])
          .sort(),
      };
    });
  });
}

/** The stored collection called `name`; fails when there is not exactly one. */
export async function storedCollection(page: Page, name: string): Promise<StoredCollection> {
  const named = (await readStoredLibrary(page)).filter((collection) => collection.name === name);
  expect(named).toHaveLength(1);
  return named[0]!;
}

/**
 * Checks that a collection's records agree: its counts match what is stored, no chunk is stored
 * twice, every indexed file has its chunks and every chunk its vector.
 */
export function expectConsistent(collection: StoredCollection): void {
  const indexed = collection.files.filter((file) => file.status === 'indexed');
  expect(collection.fileCount).toBe(indexed.length);
  expect(collection.chunkCount).toBe(collection.chunkKeys.length);
  expect(collection.distinctChunkIds).toBe(collection.chunkKeys.length);
  expect(new Set(collection.files.map((file) => file.path)).size).toBe(collection.files.length);
  expect(indexed.reduce((sum, file) => sum + file.chunkCount, 0)).toBe(collection.chunkKeys.length);
  expect(collection.vectorIds).toHaveLength(collection.chunkKeys.length);
  expect(new Set(collection.vectorIds).size).toBe(collection.vectorIds.length);
}

/** Files done of the sync shown in `job` ("12 of 400 files"), 0 before it shows any. */
export async function filesDone(job: Locator): Promise<number> {
  const stats = job.getByTestId('sync-stats');
  if ((await stats.count()) === 0) return 0;
  const match = /^([\d,]+) of/.exec((await stats.textContent()) ?? '');
  return match ? Number(match[1]!.replace(/,/g, '')) : 0;
}

/** Waits until the sync shown in `job` has done at least `count` files. */
export async function waitForFilesDone(job: Locator, count: number): Promise<void> {
  await expect
    .poll(() => filesDone(job), { timeout: 120_000, interval: 50 })
    .toBeGreaterThanOrEqual(count);
}

/**
 * Resumes the interrupted sync of collection `name` from its card as a browser without a folder
 * picker does (Resume opens the folder input), and waits until it is done.
 */
export async function resumeWithInput(page: Page, name: string, directory: string): Promise<void> {
  await page.evaluate(() =>
    Object.defineProperty(window, 'showDirectoryPicker', { value: undefined, configurable: true }),
  );
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `Resume indexing ${name}`, exact: true }).click();
  await (await chooser).setFiles(directory);
  const job = page.getByTestId('sync-job').filter({ hasText: name }).last();
  await job.and(page.locator('[data-status="done"]')).waitFor({ timeout: 180_000 });
}
