import { DimensionMismatchError } from '../../core/errors.ts';
import type { EmbeddingReplacement, FileWrite, StoredVectors } from '../../core/ports/store.ts';
import { compareKeys } from './record-order.ts';

/** One file's vectors as stored: raw float32 bytes, row i belonging to `ids[i]`. */
export interface VectorRow {
  fileId: string;
  collectionId: string;
  ids: string[];
  dim: number;
  data: ArrayBuffer;
}

/** The row to store for a write, with its own copy of the floats; none for a file without chunks. */
export function toVectorRow(write: FileWrite, dim: number): VectorRow | undefined {
  if (write.chunks.length === 0) return undefined;
  return {
    fileId: write.file.id,
    collectionId: write.file.collectionId,
    ids: write.chunks.map((chunk) => chunk.id),
    dim,
    data: write.vectors.slice().buffer,
  };
}

/** The floats of chunk `id` in `row` (a copy), or `undefined` when the row does not hold it. */
export function vectorOf(row: VectorRow | undefined, id: string): Float32Array | undefined {
  const position = row?.ids.indexOf(id) ?? -1;
  if (!row || position < 0) return undefined;
  return new Float32Array(row.data.slice(position * row.dim * 4, (position + 1) * row.dim * 4));
}

/**
 * Files whose vector rows `Store.loadVectorBatches` hands over at once: about 20,000 chunks of the
 * scale folder (30 MB of 384-dimension rows). Each batch is a read of its own; at 50k chunks in
 * Chromium, batches of 500 files made the reload about 50 ms slower than one read of them all.
 */
export const VECTOR_BATCH_FILES = 2_000;

/** All rows in one pre-sized array, files in key order. */
export function concatenateVectorRows(rows: readonly VectorRow[], dim: number): StoredVectors {
  const ordered = [...rows].sort((left, right) => compareKeys(left.fileId, right.fileId));
  let total = 0;
  for (const row of ordered) {
    if (row.dim !== dim) throw new DimensionMismatchError(dim, row.dim);
    total += row.ids.length;
  }
  const ids = new Array<string>(total);
  const vectors = new Float32Array(total * dim);
  let offset = 0;
  for (const row of ordered) {
    vectors.set(new Float32Array(row.data), offset * dim);
    for (const id of row.ids) ids[offset++] = id;
  }
  return { ids, vectors, dim };
}

/**
 * A collection's rows with the vectors of `replacement`: the same files and ids, the new `dim`
 * and floats. Throws, before anything is stored, unless `replacement.ids` are exactly the ids of
 * `rows` (every chunk of the collection) with one row of `dim` floats each.
 */
export function replaceVectorRows(
  rows: readonly VectorRow[],
  collectionId: string,
  replacement: EmbeddingReplacement,
): VectorRow[] {
  const { ids, vectors, dim } = replacement;
  if (!Number.isInteger(dim) || dim <= 0) {
    throw invalidReplacement(collectionId, `${dim} is not a dimension`);
  }
  if (vectors.length !== ids.length * dim) {
    throw new DimensionMismatchError(dim, ids.length > 0 ? vectors.length / ids.length : 0);
  }
  const rowOf = new Map<string, number>();
  ids.forEach((id, row) => {
    if (rowOf.has(id)) throw invalidReplacement(collectionId, `chunk "${id}" appears twice`);
    rowOf.set(id, row);
  });
  let matched = 0;
  const replaced = rows.map((stored): VectorRow => {
    const data = new Float32Array(stored.ids.length * dim);
    stored.ids.forEach((id, position) => {
      const row = rowOf.get(id);
      if (row === undefined) throw invalidReplacement(collectionId, `chunk "${id}" has no vector`);
      data.set(vectors.subarray(row * dim, (row + 1) * dim), position * dim);
      matched += 1;
    });
    return { ...stored, ids: [...stored.ids], dim, data: data.buffer };
  });
  if (matched !== ids.length) {
    throw invalidReplacement(collectionId, `${ids.length - matched} ids are not its chunks`);
  }
  return replaced;
}

function invalidReplacement(collectionId: string, detail: string): Error {
  return new Error(`Refused to re-embed "${collectionId}": ${detail}.`);
}
