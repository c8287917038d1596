/** Storage persistence lives on the page: `navigator.storage.persist()` is not offered to workers. */

/**
 * Asks the browser not to evict this origin's storage under pressure. Resolves `true` when storage
 * is (or already was) persistent, `false` when refused or when the browser has no such API.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage: Partial<StorageManager> | undefined =
    typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return false;
  try {
    return (await storage.persisted?.()) || (await storage.persist());
  } catch {
    return false;
  }
}

/** Whether the browser already keeps this origin's storage under pressure. */
export async function isStoragePersisted(): Promise<boolean> {
  return (await navigator.storage?.persisted?.()) ?? false;
}
