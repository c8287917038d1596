import { DimensionMismatchError } from '../../core/errors.ts';
import type { FileWrite, StoredVectors } from '../../core/ports/store.ts';
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
