import { describe, expect, it } from 'vitest';
import { DimensionMismatchError } from '../../src/core/errors.ts';
import type { VectorIndex, VectorIndexFactory } from '../../src/core/ports/vector-index.ts';
import { seededRandom } from '../../src/core/retrieval/vector-math.ts';
import { RandomVectors } from '../../scripts/bench/random-vectors.ts';

const dim = 16;

function row(vectors: Float32Array, index: number, size = dim): Float32Array {
  return vectors.subarray(index * size, (index + 1) * size);
}

function innerProduct(left: Float32Array, right: Float32Array): number {
  return left.reduce((sum, value, index) => sum + value * right[index]!, 0);
}

/** The `k` ids with the largest inner product with `query`, by a plain scan. */
function exactTop(
  ids: readonly string[],
  vectors: Float32Array,
  query: Float32Array,
  k: number,
): string[] {
  return ids
    .map((id, index) => ({ id, score: innerProduct(row(vectors, index, query.length), query) }))
    .sort((left, right) => right.score - left.score)
    .slice(0, k)
    .map(({ id }) => id);
}

/** The behaviour every `VectorIndex` adapter must have; run it once per adapter. */
export function describeVectorIndexContract(name: string, factory: VectorIndexFactory): void {
  const create = async (size = dim): Promise<VectorIndex> => factory.create(size);

  describe(`VectorIndex contract: ${name}`, () => {
    const vectors = new RandomVectors(dim, 'uniform', 1).next(50);
    const ids = Array.from({ length: 50 }, (_, index) => `chunk-${index}`);

    it('starts empty and finds nothing', async () => {
      const index = await create();
      expect(index.size).toBe(0);
      expect(index.dim).toBe(dim);
      expect(await index.search(row(vectors, 0), 5)).toEqual([]);
    });

    it('finds a stored vector first, with score 1', async () => {
      const index = await create();
      index.add(ids, vectors);
      expect(index.size).toBe(50);
      for (const position of [0, 17, 49]) {
        const [best] = await index.search(row(vectors, position), 3);
        expect(best?.id).toBe(ids[position]);
        expect(best?.score).toBeCloseTo(1, 5);
      }
    });

    it('returns every vector when k is larger than the index, and none for k < 1', async () => {
      const index = await create();
      index.add(ids.slice(0, 5), vectors.subarray(0, 5 * dim));
      expect((await index.search(row(vectors, 9), 20)).map((hit) => hit.id).sort()).toEqual(
        ids.slice(0, 5).sort(),
      );
      for (const k of [0, -1, Number.NaN])
        expect(await index.search(row(vectors, 9), k)).toEqual([]);
    });

    it('sorts hits best first with inner-product scores', async () => {
      const index = await create();
      index.add(ids, vectors);
      const query = row(vectors, 50 - 1).map((value, position) => value + (position % 3) * 0.1);
      const hits = await index.search(query, 10);
      expect(hits.map((hit) => hit.id)).toEqual(exactTop(ids, vectors, query, 10));
      hits.forEach((hit, rank) => {
        expect(hit.score).toBeCloseTo(innerProduct(row(vectors, ids.indexOf(hit.id)), query), 5);
        if (rank > 0) expect(hit.score).toBeLessThanOrEqual(hits[rank - 1]!.score);
      });
    });

    it('replaces the vector of an id added again', async () => {
      const index = await create();
      index.add(ids.slice(0, 10), vectors.subarray(0, 10 * dim));
      index.add([ids[3]!], row(vectors, 20));
      expect(index.size).toBe(10);
      const [best] = await index.search(row(vectors, 20), 1);
      expect(best).toEqual({ id: ids[3], score: expect.closeTo(1, 5) });
      const old = (await index.search(row(vectors, 3), 10)).find((hit) => hit.id === ids[3]);
      expect(old?.score).toBeCloseTo(innerProduct(row(vectors, 3), row(vectors, 20)), 5);
    });

    it('removes ids, and ignores ids it does not hold', async () => {
      const index = await create();
      index.add(ids.slice(0, 10), vectors.subarray(0, 10 * dim));
      index.remove([ids[4]!, 'no-such-id']);
      index.remove(['no-such-id']);
      index.remove([]);
      expect(index.size).toBe(9);
      const found = (await index.search(row(vectors, 4), 20)).map((hit) => hit.id);
      expect(found).toHaveLength(9);
      expect(found).not.toContain(ids[4]);
    });

    it('rejects vectors and queries of another dimension', async () => {
      const index = await create();
      expect(() => index.add(['a'], new Float32Array(dim + 1))).toThrow(DimensionMismatchError);
      expect(() => index.add(['a', 'b'], new Float32Array(dim))).toThrow(DimensionMismatchError);
      index.add(['a'], row(vectors, 0));
      await expect(index.search(new Float32Array(dim - 1), 1)).rejects.toThrow(
        DimensionMismatchError,
      );
      expect(index.size).toBe(1);
    });

    it('agrees with exact search on random vectors (recall@10 >= 0.98)', async () => {
      const size = 64;
      const count = 1500;
      const source = new RandomVectors(size, 'uniform', 2);
      const stored = source.next(count);
      const storedIds = Array.from({ length: count }, (_, position) => `v${position}`);
      const index = await create(size);
      index.add(storedIds, stored);
      const queries = source.next(20);
      let found = 0;
      for (let query = 0; query < 20; query += 1) {
        const expected = new Set(exactTop(storedIds, stored, row(queries, query, size), 10));
        const hits = await index.search(row(queries, query, size), 10);
        found += hits.filter((hit) => expected.has(hit.id)).length;
      }
      expect(found / 200).toBeGreaterThanOrEqual(0.98);
    });

    it('matches a Map reference through random adds, replacements and removals', async () => {
      const random = seededRandom(3);
      const pool = new RandomVectors(dim, 'uniform', 4).next(200);
      const pick = (limit: number) => Math.floor(random() * limit);
      const reference = new Map<string, Float32Array>();
      const index = await create();
      for (let step = 0; step < 150; step += 1) {
        const batch = Array.from({ length: 1 + pick(6) }, () => `id-${pick(40)}`);
        if (random() < 0.6) {
          const rows = batch.map(() => row(pool, pick(200)));
          const flat = new Float32Array(rows.length * dim);
          rows.forEach((vector, position) => flat.set(vector, position * dim));
          index.add(batch, flat);
          batch.forEach((id, position) => reference.set(id, rows[position]!));
        } else {
          index.remove(batch);
          batch.forEach((id) => reference.delete(id));
        }
        expect(index.size).toBe(reference.size);
      }
      for (const vector of reference.values()) {
        const [best] = await index.search(vector, 1);
        expect(best?.score).toBeCloseTo(1, 5);
        expect(reference.get(best!.id)).toEqual(vector);
      }
      const all = await index.search(pool.subarray(0, dim), reference.size + 5);
      expect(all.map((hit) => hit.id).sort()).toEqual([...reference.keys()].sort());
      for (const hit of all) {
        expect(hit.score).toBeCloseTo(innerProduct(reference.get(hit.id)!, row(pool, 0)), 5);
      }
    });
  });
}
