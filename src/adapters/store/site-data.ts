/**
 * Deleting everything Archivist keeps on this device: every IndexedDB database of the origin (the
 * library, the conversations, web-llm's model store), the Cache Storage caches (downloaded
 * embedding and language models) but the service worker's precache, which keeps the app itself
 * working offline, and the origin-private file system (web-llm's OPFS cache). The caller closes
 * its own connections first; a deletion another tab blocks ends in `StorageInUseError`.
 */
import { ArchivistError } from '../../core/errors.ts';
import { CONVERSATIONS_DATABASE } from './conversation-schema.ts';

/** The library's database (`IdbStore.open`'s default name). */
const LIBRARY_DATABASE = 'archivist';

/** Workbox's precache of the app; deleting it would only make the next visit download it again. */
const KEPT_CACHE_PREFIX = 'workbox-precache';

/** How long a deletion may wait for other tabs to let go of a database. */
const BLOCKED_WAIT_MS = 5000;

export class StorageInUseError extends ArchivistError {
  readonly name = 'StorageInUseError';
  constructor() {
    super(
      'Archivist’s data could not all be deleted because Archivist is still open in another tab or window. Close the other tabs, then try again.',
    );
  }
}

/** An origin-private directory, with the iteration TypeScript's DOM library leaves out. */
interface PrivateDirectory {
  keys(): AsyncIterable<string>;
  removeEntry(name: string, options: { recursive: boolean }): Promise<void>;
}

/** Where the origin keeps its data; tests pass fakes. */
export interface SiteStorage {
  indexedDB: IDBFactory;
  caches?: CacheStorage;
  /** The origin-private file system's root, where the browser has one. */
  privateRoot?: () => Promise<PrivateDirectory>;
}

function browserSiteStorage(): SiteStorage {
  const storage = globalThis.navigator?.storage;
  return {
    indexedDB: globalThis.indexedDB,
    ...(globalThis.caches ? { caches: globalThis.caches } : {}),
    ...(storage?.getDirectory
      ? { privateRoot: async () => (await storage.getDirectory()) as unknown as PrivateDirectory }
      : {}),
  };
}

export async function eraseSiteData(
  site: SiteStorage = browserSiteStorage(),
  blockedWaitMs = BLOCKED_WAIT_MS,
): Promise<void> {
  const names = new Set([LIBRARY_DATABASE, CONVERSATIONS_DATABASE]);
  for (const { name } of (await site.indexedDB.databases?.()) ?? []) if (name) names.add(name);
  await Promise.all([...names].map((name) => deleteDatabase(site.indexedDB, name, blockedWaitMs)));
  if (site.caches) {
    const caches = site.caches;
    const owned = (await caches.keys()).filter((key) => !key.startsWith(KEPT_CACHE_PREFIX));
    await Promise.all(owned.map((key) => caches.delete(key)));
  }
  if (site.privateRoot) await emptyDirectory(await site.privateRoot());
}

/** Resolves once the database is gone; rejects when other connections keep it past `waitMs`. */
function deleteDatabase(factory: IDBFactory, name: string, waitMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const request = factory.deleteDatabase(name);
    request.addEventListener('success', () => {
      clearTimeout(timer);
      resolve();
    });
    request.addEventListener('error', () => {
      clearTimeout(timer);
      reject(request.error ?? new Error(`The database "${name}" could not be deleted.`));
    });
    request.addEventListener('blocked', () => {
      timer ??= setTimeout(() => reject(new StorageInUseError()), waitMs);
    });
  });
}

async function emptyDirectory(directory: PrivateDirectory): Promise<void> {
  const names: string[] = [];
  for await (const name of directory.keys()) names.push(name);
  await Promise.all(names.map((name) => directory.removeEntry(name, { recursive: true })));
}
