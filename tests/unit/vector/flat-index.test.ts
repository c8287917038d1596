import { describe, expect, it } from 'vitest';
import { FLAT_CODES_FORMAT, FlatIndex } from '../../../src/adapters/vector/flat-index.ts';
import type { VectorCodes } from '../../../src/core/ports/vector-index.ts';
import { RandomVectors } from '../../../scripts/bench/random-vectors.ts';

const DIM = 24;
const ROWS = 300;

/** A flat index that keeps codes only, re-ranking with rows from `rows`. */
function codesOnly(rows: Map<string, Float32Array>): FlatIndex {
  return new FlatIndex(DIM, {
    floatBudgetBytes: 0,
    storedRows: async (ids) => ids.map((id) => rows.get(id)),
  });
}

function filled(): { index: FlatIndex; rows: Map<string, Float32Array>; queries: Float32Array[] } {
  const random = new RandomVectors(DIM, 'clustered', 5);
  const ids = Array.from({ length: ROWS }, (_, row) => `doc${row}.md#0`);
  const vectors = random.next(ROWS);
  const rows = new Map(
    ids.map((id, row) => [id, vectors.slice(row * DIM, (row + 1) * DIM)] as const),
  );
  const index = codesOnly(rows);
  index.add(ids.slice(0, 200), vectors.subarray(0, 200 * DIM));
  index.add(ids.slice(200), vectors.subarray(200 * DIM));
  index.remove(['doc7.md#0', 'doc250.md#0']);
  return { index, rows, queries: Array.from({ length: 5 }, () => random.next(1)) };
}

describe('FlatIndex codes', () => {
  it('gives its codes when it keeps codes only, and an empty index restored from them answers the same', async () => {
    const { index, rows, queries } = filled();
    const codes = index.codes()!;
    expect(codes.format).toBe(FLAT_CODES_FORMAT);
    expect(codes.ids).toHaveLength(ROWS - 2);
    expect(codes.codes).toHaveLength(codes.ids.length * codes.rowBytes);
    expect(codes.scales).toHaveLength(codes.ids.length);
    const restored = codesOnly(rows);
    expect(restored.restoreCodes(codes)).toBe(true);
    expect(restored.size).toBe(ROWS - 2);
    for (const query of queries) {
      expect(await restored.search(query, 10)).toEqual(await index.search(query, 10));
    }
    restored.remove(['doc8.md#0']);
    index.remove(['doc8.md#0']);
    expect(await restored.search(queries[0]!, 10)).toEqual(await index.search(queries[0]!, 10));
  });

  it('prepares the first change after a restore ahead, to the same rows as unprepared', async () => {
    const { index, rows, queries } = filled();
    const [prepared, plain] = [codesOnly(rows), codesOnly(rows)];
    for (const restored of [prepared!, plain!]) restored.restoreCodes(index.codes()!);
    let pauses = 0;
    await prepared!.prepareChanges(async () => {
      pauses += 1;
    });
    expect(pauses).toBe(0); // 298 rows: one slice
    const added = new RandomVectors(DIM, 'uniform', 9).next(1);
    for (const restored of [prepared!, plain!, index]) {
      restored.remove(['doc8.md#0', 'doc299.md#0']);
      restored.add(['doc3.md#0'], added);
    }
    for (const query of queries) {
      expect(await prepared!.search(query, 10)).toEqual(await plain!.search(query, 10));
      expect(await prepared!.search(query, 10)).toEqual(await index.search(query, 10));
    }
  });

  it('gives no codes while it holds the float32 rows', () => {
    const index = new FlatIndex(DIM);
    index.add(['a#0'], new RandomVectors(DIM, 'uniform', 1).next(1));
    expect(index.codes()).toBeUndefined();
    expect(index.restoreCodes(filled().index.codes()!)).toBe(false);
  });

  it('refuses codes of another format or row length, or into an index that is not empty', () => {
    const { index, rows } = filled();
    const codes = index.codes()!;
    const refused: VectorCodes[] = [
      { ...codes, format: 'int4-something' },
      { ...codes, rowBytes: codes.rowBytes * 2 },
      { ...codes, scales: codes.scales.subarray(1) },
    ];
    for (const bad of refused) {
      const empty = codesOnly(rows);
      expect(empty.restoreCodes(bad)).toBe(false);
      expect(empty.size).toBe(0);
    }
    expect(index.restoreCodes(codes)).toBe(false);
    expect(index.size).toBe(ROWS - 2);
  });
});
