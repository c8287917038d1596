export interface StorageUsage {
  /** Bytes this origin uses. */
  usage: number;
  /** Bytes this origin may use. */
  quota: number;
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
