import type { StoredVectorCodes } from '../../core/ports/store.ts';
import { aligned, encodeTexts, split } from '../../core/retrieval/keyword-segment-format.ts';
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

/** The parts of a record's bytes, one after another, and what the record keeps beside them. */
export function vectorCodesParts(stored: StoredVectorCodes): {
  row: Omit<VectorCodesRow, 'bytes'>;
  parts: Uint8Array[];
} {
  const { ids, codes, scales, floats, ...rest } = stored;
  const { lengths, text } = encodeTexts([], ids);
  const numbers = [scales, lengths, codes, text.ids];
  return {
    row: { ...rest, rows: ids.length, floatCount: floats?.length ?? 0 },
    parts: (floats ? [floats, ...numbers] : numbers).map(
      (part) => new Uint8Array(part.buffer, part.byteOffset, part.byteLength),
    ),
  };
}

export function vectorCodesRow(stored: StoredVectorCodes): VectorCodesRow {
  const { row, parts } = vectorCodesParts(stored);
  return { ...row, bytes: blobOf(parts) };
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
  const { bytes, ...rest } = row;
  const floatBytes = rest.floatCount * 4;
  const [floats, numbers] = await Promise.all([
    rest.floatCount > 0 ? readStoredBytes(bytes.slice(0, floatBytes)) : new Uint8Array(0),
    readStoredBytes(bytes.slice(floatBytes)),
  ]);
  return floats && numbers && decodeVectorCodes(rest, floats, numbers);
}

/**
 * The codes of a record whose bytes are `floats` (its float32 rows, empty without them) and
 * `numbers` (the rest, from its start), viewed where they start at an offset a 32-bit view can
 * (copied otherwise: `aligned`); `undefined` when they do not add up.
 */
export function decodeVectorCodes(
  row: Omit<VectorCodesRow, 'bytes'>,
  floatBytes: Uint8Array,
  numberBytes: Uint8Array,
): StoredVectorCodes | undefined {
  const { rows, floatCount, ...rest } = row;
  const floats = aligned(floatBytes);
  const numbers = aligned(numberBytes);
  const codesAt = rows * 8;
  const textAt = codesAt + rows * row.rowBytes;
  if (
    !Number.isInteger(textAt) ||
    floats.byteLength !== floatCount * 4 ||
    numbers.byteLength < textAt
  ) {
    return undefined;
  }
  const { buffer, byteOffset } = numbers;
  const ids = idsOf(numbers.subarray(textAt), new Int32Array(buffer, byteOffset + rows * 4, rows));
  if (!ids) return undefined;
  return {
    ...rest,
    ids,
    codes: new Int8Array(buffer, byteOffset + codesAt, rows * row.rowBytes),
    scales: new Float32Array(buffer, byteOffset, rows),
    ...(floatCount > 0
      ? { floats: new Float32Array(floats.buffer, floats.byteOffset, floatCount) }
      : {}),
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
