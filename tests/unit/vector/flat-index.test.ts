import { describe, expect, it } from 'vitest';
import { FLAT_CODES_FORMAT, FlatIndex } from '../../../src/adapters/vector/flat-index.ts';
import type { VectorCodes } from '../../../src/core/ports/vector-index.ts';
import { exactCodes } from '../../../src/core/retrieval/stored-vector-codes.ts';
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

/** All of `rows` in one array, in the map's order. */
function concatenated(rows: Map<string, Float32Array>): Float32Array {
  const all = new Float32Array(rows.size * DIM);
  [...rows.values()].forEach((row, position) => all.set(row, position * DIM));
  return all;
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

  it('gives its float32 rows with its codes while it holds them, and a restore takes both', async () => {
    const { rows, queries } = filled();
    const inMemory = new FlatIndex(DIM);
    inMemory.add([...rows.keys()], concatenated(rows));
    inMemory.remove(['doc7.md#0', 'doc250.md#0']);
    const codes = inMemory.codes()!;
    expect(codes.floats).toHaveLength(codes.ids.length * DIM);
    const restored = new FlatIndex(DIM);
    expect(restored.restoreCodes(exactCodes(codes))).toBe(true); // given away: a copy, as a store's
    expect(restored.keepsFloats).toBe(true);
    inMemory.add(['late.md#0'], rows.get('doc1.md#0')!); // changes after the restore do not reach it
    restored.add(['late.md#0'], rows.get('doc1.md#0')!);
    for (const query of queries) {
      expect(await restored.search(query, 10)).toEqual(await inMemory.search(query, 10));
    }
  });

  it('takes floats in a buffer of their own as its rows, given away rather than copied', async () => {
    const { rows, queries } = filled();
    const inMemory = new FlatIndex(DIM);
    inMemory.add([...rows.keys()], concatenated(rows));
    const codes = exactCodes(inMemory.codes()!);
    const floats = codes.floats!;
    const last = codes.ids.length - 1;
    const restored = new FlatIndex(DIM);
    expect(restored.restoreCodes(codes)).toBe(true);
    restored.remove([codes.ids[0]!]); // the last row moves into the first one's place
    inMemory.remove([codes.ids[0]!]);
    expect(floats.subarray(0, DIM)).toEqual(rows.get(codes.ids[last]!));
    restored.add(['late.md#0'], rows.get('doc1.md#0')!); // grows past what it was given
    inMemory.add(['late.md#0'], rows.get('doc1.md#0')!);
    for (const query of queries) {
      expect(await restored.search(query, 10)).toEqual(await inMemory.search(query, 10));
    }
  });

  it('takes no codes without their floats where it would hold floats, and ignores them past the budget', async () => {
    const { index: codesOnlyIndex, rows, queries } = filled();
    expect(codesOnlyIndex.codes()!.floats).toBeUndefined();
    const underBudget = new FlatIndex(DIM, {
      storedRows: async (ids) => ids.map((id) => rows.get(id)),
    });
    expect(underBudget.restoreCodes(codesOnlyIndex.codes()!)).toBe(false);
    expect(underBudget.size).toBe(0);
    const inMemory = new FlatIndex(DIM);
    inMemory.add([...rows.keys()], concatenated(rows));
    const pastBudget = codesOnly(rows);
    expect(pastBudget.restoreCodes(inMemory.codes()!)).toBe(true);
    expect(pastBudget.keepsFloats).toBe(false);
    for (const query of queries) {
      expect((await pastBudget.search(query, 5)).map((hit) => hit.id)).toEqual(
        (await inMemory.search(query, 5)).map((hit) => hit.id),
      );
    }
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
