import type { StoredVectorCodes } from '../../core/ports/store.ts';
import { encodeTexts, split } from '../../core/retrieval/keyword-segment-format.ts';
import { blobOf, readStoredBytes } from './blob-values.ts';

/**
 * A `vectorCodes` record (decision 0030): the codes' numbers and ids in one Blob, in the order
 * float32 rows (when kept), scales, id lengths (UTF-16 units), codes, ids' UTF-8 text, so that each
 * array reads back as a view at an aligned offset. The ids as text, not an array in the record: at
 * 500,000 chunks the structured clone of their strings held the worker's thread about 0.6 s.
 */
export interface VectorCodesRow extends Omit<
  StoredVectorCodes,
  'ids' | 'codes' | 'scales' | 'floats'
> {
  bytes: Blob;
  rows: number;
  /** How many float32 numbers `bytes` starts with (0 without the rows). */
  floatCount: number;
}

/** A record as stored before the Blob: the arrays in the record. */
type ArrayVectorCodesRow = StoredVectorCodes;

export function vectorCodesRow(stored: StoredVectorCodes): VectorCodesRow {
  const { ids, codes, scales, floats, ...rest } = stored;
  const { lengths, text } = encodeTexts([], ids);
  const numbers = [scales, lengths, codes, text.ids];
  return {
    ...rest,
    rows: ids.length,
    bytes: blobOf(floats ? [floats, ...numbers] : numbers),
    floatCount: floats?.length ?? 0,
  };
}

/**
 * The stored codes of a record, either form; `undefined` when its bytes cannot be read or do not
 * add up (the load then reads the vector rows and stores the codes again). The float32 rows are
 * read into a buffer of their own, which an index can take as it is (`VectorIndex.restoreCodes`).
 */
export async function readVectorCodesRow(
  row: VectorCodesRow | ArrayVectorCodesRow | undefined,
): Promise<StoredVectorCodes | undefined> {
  if (!row || !('bytes' in row)) return row;
  const { bytes, rows, floatCount, ...rest } = row;
  const floatBytes = floatCount * 4;
  const [floats, numbers] = await Promise.all([
    floatCount > 0 ? readStoredBytes(bytes.slice(0, floatBytes)) : new Uint8Array(0),
    readStoredBytes(bytes.slice(floatBytes)),
  ]);
  const codesAt = rows * 8;
  const textAt = codesAt + rows * row.rowBytes;
  if (
    !Number.isInteger(textAt) ||
    floats?.byteLength !== floatBytes ||
    !numbers ||
    numbers.byteLength < textAt
  ) {
    return undefined;
  }
  const buffer = numbers.buffer;
  const ids = idsOf(numbers.subarray(textAt), new Int32Array(buffer, rows * 4, rows));
  if (!ids) return undefined;
  return {
    ...rest,
    ids,
    codes: new Int8Array(buffer, codesAt, rows * row.rowBytes),
    scales: new Float32Array(buffer, 0, rows),
    ...(floatCount > 0 ? { floats: new Float32Array(floats.buffer) } : {}),
  };
}

/** The ids of their UTF-8 `text` cut at `lengths`; `undefined` when they do not add up. */
function idsOf(text: Uint8Array, lengths: Int32Array): string[] | undefined {
  try {
    return split(new TextDecoder('utf-8', { fatal: true }).decode(text), lengths);
  } catch {
    return undefined; // not UTF-8, or lengths that do not add up to it
  }
}
