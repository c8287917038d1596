import { describe, expect, it } from 'vitest';
import {
  readVectorCodesRow,
  vectorCodesRow,
} from '../../../src/adapters/store/vector-code-rows.ts';
import type { StoredVectorCodes } from '../../../src/core/ports/store.ts';

function makeCodes(withFloats: boolean): StoredVectorCodes {
  return {
    collectionId: 'a',
    dim: 3,
    generation: 2,
    chunkCount: 3,
    format: 'test-codes-1',
    ids: ['a/one.md#0', 'a/ünïcödé 𝄞.md#1', 'a/two.md#0'],
    rowBytes: 5,
    codes: Int8Array.from({ length: 15 }, (_, at) => at - 7),
    scales: Float32Array.from([0.25, 0.5, 2]),
    ...(withFloats ? { floats: Float32Array.from({ length: 9 }, (_, at) => at / 4) } : {}),
  };
}

/** A Blob whose file the browser no longer has. */
class LostBlob extends Blob {
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.reject(new DOMException('The file could not be read.', 'NotReadableError'));
  }
}

describe('a vectorCodes record', () => {
  it('keeps the codes, ids and float32 rows in one Blob and reads them back', async () => {
    for (const withFloats of [true, false]) {
      const row = vectorCodesRow(makeCodes(withFloats));
      expect(row).not.toHaveProperty('ids');
      expect(row.bytes).toBeInstanceOf(Blob);
      const read = await readVectorCodesRow(row);
      expect(read).toEqual(makeCodes(withFloats));
      // The floats fill a buffer of their own: an index may take them as its rows.
      if (withFloats) expect(read!.floats!.buffer.byteLength).toBe(9 * 4);
    }
  });

  it('reads a record stored before the Blob as it is', async () => {
    expect(await readVectorCodesRow(makeCodes(false))).toEqual(makeCodes(false));
    expect(await readVectorCodesRow(undefined)).toBeUndefined();
  });

  it('gives nothing for bytes that cannot be read or do not add up, so they are made again', async () => {
    const row = vectorCodesRow(makeCodes(true));
    expect(await readVectorCodesRow({ ...row, bytes: new LostBlob([]) })).toBeUndefined();
    expect(await readVectorCodesRow({ ...row, floatCount: 3 })).toBeUndefined();
    expect(await readVectorCodesRow({ ...row, rowBytes: 7 })).toBeUndefined();
    expect(await readVectorCodesRow({ ...row, rows: 2 })).toBeUndefined();
    const cut = { ...row, bytes: row.bytes.slice(0, row.bytes.size - 1) };
    expect(await readVectorCodesRow(cut)).toBeUndefined();
  });
});
