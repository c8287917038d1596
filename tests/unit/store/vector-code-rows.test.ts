import { describe, expect, it } from 'vitest';
import {
  readVectorCodesRow,
  vectorCodesRow,
} from '../../../src/adapters/store/vector-code-rows.ts';
import { LostBlob, makeStoredCodes } from '../../support/stored-codes.ts';

describe('a vectorCodes record', () => {
  it('keeps the codes, ids and float32 rows in one Blob and reads them back', async () => {
    for (const withFloats of [true, false]) {
      const row = vectorCodesRow(makeStoredCodes(withFloats));
      expect(row).not.toHaveProperty('ids');
      expect(row.bytes).toBeInstanceOf(Blob);
      const read = await readVectorCodesRow(row);
      expect(read).toEqual(makeStoredCodes(withFloats));
      // The floats fill a buffer of their own: an index may take them as its rows.
      if (withFloats) expect(read!.floats!.buffer.byteLength).toBe(9 * 4);
    }
  });

  it('reads a record stored before the Blob as it is', async () => {
    expect(await readVectorCodesRow(makeStoredCodes(false))).toEqual(makeStoredCodes(false));
    expect(await readVectorCodesRow(undefined)).toBeUndefined();
  });

  it('gives nothing for bytes that cannot be read or do not add up, so they are made again', async () => {
    const row = vectorCodesRow(makeStoredCodes(true));
    expect(await readVectorCodesRow({ ...row, bytes: new LostBlob([]) })).toBeUndefined();
    expect(await readVectorCodesRow({ ...row, floatCount: 3 })).toBeUndefined();
    expect(await readVectorCodesRow({ ...row, rowBytes: 7 })).toBeUndefined();
    expect(await readVectorCodesRow({ ...row, rows: 2 })).toBeUndefined();
    const cut = { ...row, bytes: row.bytes.slice(0, row.bytes.size - 1) };
    expect(await readVectorCodesRow(cut)).toBeUndefined();
  });
});
