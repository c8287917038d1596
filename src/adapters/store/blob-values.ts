import type { StoredVectorCodes } from '../../core/ports/store.ts';

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
 * A Blob of the parts' bytes, one after another, copied once (no joined copy in the heap). The
 * parts view plain buffers or WebAssembly memory, never a `SharedArrayBuffer`.
 */
export function blobOf(parts: readonly ArrayBufferView[]): Blob {
  return new Blob(parts as ArrayBufferView<ArrayBuffer>[]);
}

/**
 * A `vectorCodes` record: the codes' numbers in one Blob (the float32 rows, then the scales,
 * then the codes, so that each reads back as a view at an aligned offset), the rest as it is.
 */
export interface VectorCodesRow extends Omit<StoredVectorCodes, 'codes' | 'scales' | 'floats'> {
  bytes: Blob;
  /** How many float32 rows' numbers `bytes` starts with (0 without the rows). */
  floatCount: number;
}

/** A record as stored before the Blob: the typed arrays in the record. */
type TypedVectorCodesRow = StoredVectorCodes;

export function vectorCodesRow(stored: StoredVectorCodes): VectorCodesRow {
  const { codes, scales, floats, ...rest } = stored;
  return {
    ...rest,
    ids: [...stored.ids],
    bytes: blobOf(floats ? [floats, scales, codes] : [scales, codes]),
    floatCount: floats?.length ?? 0,
  };
}

/**
 * The stored codes of a record, either form; `undefined` when its bytes cannot be read or do not
 * add up (the load then reads the vector rows and stores the codes again).
 */
export async function readVectorCodesRow(
  row: VectorCodesRow | TypedVectorCodesRow | undefined,
): Promise<StoredVectorCodes | undefined> {
  if (!row || !('bytes' in row)) return row;
  const { bytes, floatCount, ...rest } = row;
  const read = await readStoredBytes(bytes);
  const rows = row.ids.length;
  if (!read || read.byteLength !== (floatCount + rows) * 4 + rows * row.rowBytes) return undefined;
  const buffer = read.buffer as ArrayBuffer;
  return {
    ...rest,
    codes: new Int8Array(buffer, (floatCount + rows) * 4, rows * row.rowBytes),
    scales: new Float32Array(buffer, floatCount * 4, rows),
    ...(floatCount > 0 ? { floats: new Float32Array(buffer, 0, floatCount) } : {}),
  };
}
