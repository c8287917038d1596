/**
 * The key range of a collection's file records and of the records kept per file, whose keys are
 * the file ids, `${collectionId}/${path}`: read in key order without the collection's index,
 * which costs IndexedDB a lookup per record (at 50k chunks in Chromium on a slow machine: 5,000
 * file records 0.15-0.28 s by range, 0.21-0.34 s by index; the vector rows' keys 0.11-0.14 s
 * against 0.18-0.35 s). A collection whose id begins with this one's and a slash (`a` and `a/m`)
 * shares the range: callers keep only their own records.
 */
export function collectionKeyRange(collectionId: string): IDBKeyRange {
  return IDBKeyRange.bound(`${collectionId}/`, rangeEnd(collectionId), false, true);
}

/** The rest of `collectionId`'s key range after `key`. */
export function collectionKeysAfter(key: string, collectionId: string): IDBKeyRange {
  return IDBKeyRange.bound(key, rangeEnd(collectionId), true, true);
}

/** '0' follows '/': the first key past those that begin `${collectionId}/`. */
function rangeEnd(collectionId: string): string {
  return `${collectionId}0`;
}
