export interface StorageUsage {
  /** Bytes this origin uses. */
  usage: number;
  /** Bytes this origin may use. */
  quota: number;
}

/**
 * Asks the browser not to evict this origin's storage under pressure. Resolves `true` when storage
 * is (or already was) persistent, `false` when refused or when the browser has no such API.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = storageManager();
  if (!storage?.persist) return false;
  try {
    return (await storage.persisted?.()) || (await storage.persist());
  } catch {
    return false;
  }
}

/** Usage and quota of this origin, or `undefined` where the browser cannot tell. */
export async function storageEstimate(): Promise<StorageUsage | undefined> {
  const storage = storageManager();
  if (!storage?.estimate) return undefined;
  try {
    const { usage = 0, quota = 0 } = await storage.estimate();
    return { usage, quota };
  } catch {
    return undefined;
  }
}

function storageManager(): Partial<StorageManager> | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}
