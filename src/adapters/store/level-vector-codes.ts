import type { StoredVectorCodes } from '../../core/ports/store.ts';
import type { LevelRows } from './level-rows.ts';
import type { Snapshot, Tables } from './level-tables.ts';
import type { LevelWrite } from './level-writes.ts';
import { decodeVectorCodes, vectorCodesParts, type VectorCodesRow } from './vector-code-rows.ts';

/** The tables a collection's vector codes are kept in (`vectorCodesWrite`). */
export const VECTOR_CODE_TABLES = ['vectorCodes', 'vectorCodeBytes', 'vectorCodeFloats'] as const;

/** A `vectorCodes` row of `LevelStore`: the record without its bytes, or one from before. */
type LevelVectorCodesRow = Omit<VectorCodesRow, 'bytes'> | StoredVectorCodes;

/**
 * What `LevelStore.putVectorCodes` writes: the codes kept as IndexedDB keeps them (decision
 * 0030), the record in `vectorCodes`, its arrays' bytes (ids as text) in `vectorCodeBytes` and
 * its float32 rows, when kept, in `vectorCodeFloats`, a value of their own that an index takes
 * as it is. A load reads them back as views, with no structured clone: at 50,000 chunks the
 * codes and rows came in 163 ms instead of 300. The bytes are copied now: they may view an
 * index's memory, which changes.
 */
export function vectorCodesWrite(codes: StoredVectorCodes): (write: LevelWrite) => void {
  const { row, parts } = vectorCodesParts(codes);
  const bytes = parts.map((part) => part.slice());
  const floats = row.floatCount > 0 ? bytes.shift() : undefined;
  return (write) => {
    write.put('vectorCodes', codes.collectionId, row);
    write.putBytes('vectorCodeBytes', codes.collectionId, bytes);
    if (floats) write.put('vectorCodeFloats', codes.collectionId, floats);
    else write.delete('vectorCodeFloats', codes.collectionId);
  };
}

/** `LevelStore.getVectorCodes`: either form; `undefined` when the bytes do not add up. */
export async function readVectorCodes(
  rows: LevelRows,
  tables: Tables,
  collectionId: string,
  snapshot: Snapshot,
): Promise<StoredVectorCodes | undefined> {
  const row = await rows.read<LevelVectorCodesRow>(tables.vectorCodes, collectionId, snapshot);
  if (!row || 'ids' in row) return row; // a record from before: the arrays in it
  const [numbers, floats] = await Promise.all([
    rows.read<Uint8Array>(tables.vectorCodeBytes, collectionId, snapshot),
    row.floatCount > 0
      ? rows.read<Uint8Array>(tables.vectorCodeFloats, collectionId, snapshot)
      : new Uint8Array(0),
  ]);
  if (!numbers || !floats) return undefined;
  return decodeVectorCodes(row, floats, numbers);
}
