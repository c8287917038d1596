import type { KeywordBaseReader, StoredKeywords } from '../../core/ports/store.ts';

/**
 * Large binary values (a collection's keyword base, its vector codes and float32 rows) are kept
 * in IndexedDB as `Blob`s (docs/decisions/0030-blob-values.md): a record that holds a Blob reads
 * as a handle, and its bytes come in by `Blob.arrayBuffer()` off the thread, where a typed array
 * in the record is copied and deserialized on the thread when the request succeeds. Measured in
 * Chromium on a 16 MB value: 225-386 ms read, 218-347 ms of it holding the thread, against
 * 136-170 ms and 93-133 ms as a Blob. Records from before hold typed arrays and still read.
 */
export type StoredBytes = ArrayBuffer | Blob;

/** The bytes of a stored value; `undefined` when its file can no longer be read. */
export async function readStoredBytes(bytes: StoredBytes): Promise<Uint8Array | undefined> {
  if (!(bytes instanceof Blob)) return new Uint8Array(bytes);
  try {
    return new Uint8Array(await bytes.arrayBuffer());
  } catch {
    return undefined; // NotReadableError: the browser lost the file behind the Blob
  }
}

/**
 * Reads by range of stored bytes (`KeywordBaseReader`): of a Blob without reading the rest, of
 * bytes in memory (a record from before the Blob, a store that reads values whole) as copies,
 * with the bytes themselves `held` for views. The bytes must be the reader's own.
 */
export function rangeReads(
  bytes: StoredBytes | Uint8Array,
): Pick<KeywordBaseReader, 'size' | 'held' | 'read'> {
  if (bytes instanceof Blob) {
    return {
      size: bytes.size,
      held: undefined,
      read: (start, end) => readStoredBytes(bytes.slice(start, end)),
    };
  }
  const held = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  return {
    size: held.byteLength,
    held,
    read: (start, end) => Promise.resolve(held.slice(start, end)),
  };
}

/**
 * `Store.openKeywordBase` for a store that reads the base whole (`loadKeywords`'s result): the
 * base when there is one and no segment.
 */
export function baseReaderOf(stored: StoredKeywords): KeywordBaseReader | undefined {
  if (!stored.base || stored.segments.length > 0) return undefined;
  const { chunkCount, generation } = stored;
  return { chunkCount, generation, ...rangeReads(stored.base) };
}

/**
 * A Blob of the parts' bytes, one after another, copied once (no joined copy in the heap). The
 * parts view plain buffers or WebAssembly memory, never a `SharedArrayBuffer`.
 */
export function blobOf(parts: readonly ArrayBufferView[]): Blob {
  return new Blob(parts as ArrayBufferView<ArrayBuffer>[]);
}
