import { describe, expect, it } from 'vitest';
import {
  decodeVectors,
  encodeVectors,
  ExactIndex,
  exactIndexFactory,
  FlatIndex,
  flatIndexFactory,
  simdAvailable,
} from '../../src/adapters/vector/index.ts';
import { voyIndexFactory } from '../../src/adapters/vector/voy-index.ts';
import { codeLimit, queryLimit } from '../../src/adapters/vector/int8-codes.ts';
import { Int8Kernel } from '../../src/adapters/vector/int8-kernel.ts';
import type { VectorIndex } from '../../src/core/ports/vector-index.ts';
import type { SearchHit } from '../../src/core/types.ts';
import { seededRandom } from '../../src/core/retrieval/vector-math.ts';
import { RandomVectors } from '../../scripts/bench/random-vectors.ts';
import { describeVectorIndexContract } from './vector-index.contract.ts';

/**
 * A flat index that keeps no float32 rows (a float budget of 0 bytes) and re-ranks with rows read
 * from a map standing for the store: rows are stored before the index gets them, as a sync does.
 */
class StoredRowsIndex implements VectorIndex {
  readonly stored = new Map<string, Float32Array>();
  readonly reads: string[][] = [];
  readonly index: FlatIndex;

  constructor(readonly dim: number) {
    this.index = new FlatIndex(dim, {
      floatBudgetBytes: 0,
      storedRows: async (ids) => {
        this.reads.push([...ids]);
        return ids.map((id) => this.stored.get(id)?.slice());
      },
    });
  }

  get size(): number {
    return this.index.size;
  }

  add(ids: readonly string[], vectors: Float32Array): void {
    if (vectors.length === ids.length * this.dim) {
      ids.forEach((id, row) =>
        this.stored.set(id, vectors.slice(row * this.dim, (row + 1) * this.dim)),
      );
    }
    this.index.add(ids, vectors);
  }

  remove(ids: readonly string[]): void {
    this.index.remove(ids);
    for (const id of ids) this.stored.delete(id);
  }

  search(query: Float32Array, k: number): Promise<SearchHit[]> {
    return this.index.search(query, k);
  }
}

describeVectorIndexContract('voy', voyIndexFactory);
describeVectorIndexContract('exact', exactIndexFactory);
describeVectorIndexContract('flat', flatIndexFactory);
describeVectorIndexContract('flat, int8 pass on every search', {
  name: 'flat-small-candidate-pool',
  create: (dim) => new FlatIndex(dim, { candidatesPerResult: 2, minimumCandidates: 4 }),
});
describeVectorIndexContract('flat, codes only, re-ranked from stored rows', {
  name: 'flat-stored-rows',
  create: (dim) => new StoredRowsIndex(dim),
});
describeVectorIndexContract('flat without SIMD', {
  name: 'flat-without-simd',
  create: (dim) => new FlatIndex(dim, { simd: false }),
});

describe('int8 SIMD kernel', () => {
  it('is available in Node', () => {
    expect(simdAvailable()).toBe(true);
    expect(new FlatIndex(8).usesSimd).toBe(true);
  });

  it.each([1, 40, 384])('encodes rows and scans exactly for %i dimensions', (dim) => {
    const kernel = Int8Kernel.create(dim)!;
    const rowCount = 300;
    const random = seededRandom(dim);
    const rows = Float32Array.from({ length: rowCount * dim }, () => random() * 2 - 1);
    rows.fill(0.25, 0, dim);
    rows.fill(0, dim, 2 * dim);
    kernel.reserve(10);
    kernel.reserve(rowCount);
    kernel.write(
      Int32Array.from({ length: rowCount }, (_, row) => row),
      rows,
    );
    const { codes, scales } = kernel;
    let worstRounding = 0;
    let paddingCodes = 0;
    for (let row = 0; row < rowCount; row += 1) {
      const values = rows.subarray(row * dim, (row + 1) * dim);
      const largest = values.reduce((most, value) => Math.max(most, Math.abs(value)), 0);
      expect(scales[row]).toBeCloseTo(largest / codeLimit, 6);
      values.forEach((value, index) => {
        const expected = largest === 0 ? 0 : (value * codeLimit) / largest;
        const error = Math.abs(codes[row * kernel.rowBytes + index]! - expected);
        worstRounding = Math.max(worstRounding, error);
      });
      for (let index = dim; index < kernel.rowBytes; index += 1) {
        if (codes[row * kernel.rowBytes + index] !== 0) paddingCodes += 1;
      }
    }
    expect(worstRounding).toBeLessThanOrEqual(0.5 + 1e-4);
    expect(paddingCodes).toBe(0);
    const query = Float32Array.from({ length: dim }, (_, index) => (index === 0 ? 1 : random()));
    const products = kernel.scan(query, rowCount);
    expect(kernel.query[0]).toBe(queryLimit(dim));
    for (let row = 0; row < rowCount; row += 1) {
      let expected = 0;
      for (let index = 0; index < dim; index += 1) {
        expected += codes[row * kernel.rowBytes + index]! * kernel.query[index]!;
      }
      expect(products[row]).toBe(expected);
    }
    expect(products[0]).toBe(codeLimit * kernel.query.reduce((sum, value) => sum + value, 0));
    expect(kernel.scan(query, 0)).toHaveLength(0);
  });

  it('keeps codes and scales when it grows and when rows move', () => {
    const dim = 8;
    const kernel = Int8Kernel.create(dim)!;
    const rows = Float32Array.from({ length: 3 * dim }, (_, index) => (index % 7) - 3);
    kernel.reserve(3);
    kernel.write(Int32Array.of(0, 1, 2), rows);
    const before = { codes: kernel.codes.slice(), scales: kernel.scales.slice() };
    kernel.reserve(100_000);
    expect(kernel.codes.subarray(0, before.codes.length)).toEqual(before.codes);
    expect(kernel.scales.subarray(0, 3)).toEqual(before.scales);
    kernel.move(2, 0);
    expect(kernel.codes.subarray(0, kernel.rowBytes)).toEqual(
      before.codes.subarray(2 * kernel.rowBytes, 3 * kernel.rowBytes),
    );
    expect(kernel.scales[0]).toBe(before.scales[2]);
  });
});

describe('stored vector bytes', () => {
  it('round-trips float32 rows as 4 bytes each', () => {
    const vectors = new Float32Array([1.5, -0, Number.MIN_VALUE, -3.25e20, Math.PI]);
    const bytes = encodeVectors(vectors.subarray(1));
    expect(bytes.byteLength).toBe(16);
    expect(new DataView(bytes.buffer).getFloat32(12, true)).toBe(Math.fround(Math.PI));
    expect(decodeVectors(bytes)).toEqual(vectors.subarray(1));
    expect(() => decodeVectors(new Uint8Array(5))).toThrow(RangeError);
  });
});

describe('flat index past its float budget', () => {
  const dim = 32;
  const count = 600;
  const vectors = new RandomVectors(dim, 'clustered', 5).next(count);
  const ids = Array.from({ length: count }, (_, row) => `r${row}`);
  const queries = new RandomVectors(dim, 'clustered', 6).next(20);
  const query = (position: number) => queries.subarray(position * dim, (position + 1) * dim);
  /** Room for 100 rows of floats. */
  const budget = 100 * dim * 4;

  it('keeps its floats up to the budget, then only codes, ranking as an exact scan', async () => {
    const stored = new Map<string, Float32Array>();
    const reads: number[] = [];
    const index = new FlatIndex(dim, {
      floatBudgetBytes: budget,
      storedRows: async (asked) => {
        reads.push(asked.length);
        return asked.map((id) => stored.get(id));
      },
    });
    const exact = new ExactIndex(dim);
    for (let start = 0; start < count; start += 50) {
      const batch = ids.slice(start, start + 50);
      const rows = vectors.slice(start * dim, (start + 50) * dim);
      batch.forEach((id, row) => stored.set(id, rows.slice(row * dim, (row + 1) * dim)));
      index.add(batch, rows);
      exact.add(batch, rows);
      expect(index.keepsFloats).toBe(start + 50 <= 100);
    }
    expect(reads).toEqual([]);
    for (let position = 0; position < 20; position += 1) {
      const hits = await index.search(query(position), 10);
      const expected = await exact.search(query(position), 10);
      expect(hits.map((hit) => hit.id)).toEqual(expected.map((hit) => hit.id));
      hits.forEach((hit, rank) => expect(hit.score).toBeCloseTo(expected[rank]!.score, 6));
    }
    // Twice the results asked for are re-ranked, in one read per search.
    expect(reads).toEqual(Array.from({ length: 20 }, () => 20));
  });

  it('leaves out a candidate no longer stored, and ids removed during the read', async () => {
    const stored = new Map(ids.map((id, row) => [id, vectors.slice(row * dim, (row + 1) * dim)]));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const index = new FlatIndex(dim, {
      floatBudgetBytes: 0,
      storedRows: async (asked) => {
        await gate;
        return asked.map((id) => stored.get(id));
      },
    });
    index.add(ids, vectors);
    const own = vectors.subarray(7 * dim, 8 * dim);
    stored.delete('r7');
    const searching = index.search(own, 5);
    index.remove(['r8', 'r9']); // rows move while the read is under way
    release();
    const hits = await searching;
    expect(hits).toHaveLength(5);
    expect(hits.map((hit) => hit.id)).not.toContain('r7');
    for (const hit of hits) {
      const row = Number(hit.id.slice(1));
      const expected = vectors.subarray(row * dim, (row + 1) * dim);
      expect(hit.score).toBeCloseTo(
        expected.reduce((sum, value, position) => sum + value * own[position]!, 0),
        6,
      );
    }
  });

  it('holds no floats from the start when the rows it is about to load pass the budget', () => {
    const storedRows = async (asked: readonly string[]) => asked.map(() => undefined);
    const large = new FlatIndex(dim, { floatBudgetBytes: budget, storedRows, expectedRows: 101 });
    expect(large.keepsFloats).toBe(false);
    const small = new FlatIndex(dim, { floatBudgetBytes: budget, storedRows, expectedRows: 100 });
    expect(small.keepsFloats).toBe(true);
  });

  it('keeps its floats past the budget when it has nowhere to read them from', () => {
    const index = new FlatIndex(dim, { floatBudgetBytes: 0 });
    index.add(ids, vectors);
    expect(index.keepsFloats).toBe(true);
  });
});
