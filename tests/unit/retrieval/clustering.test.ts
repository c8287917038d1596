import { describe, expect, it } from 'vitest';
import {
  clusterCountFor,
  clusterVectorBatches,
  clusterVectors,
  nearestCentroid,
  type ReadVectorBatches,
} from '../../../src/core/retrieval/clustering.ts';
import {
  computeBoundary,
  computeBoundaryInBatches,
  routeByBoundary,
} from '../../../src/core/retrieval/knowledge-boundary.ts';
import { dot, normalizeRows, seededRandom } from '../../../src/core/retrieval/vector-math.ts';

/** `groups` well-separated clusters of `perGroup` unit vectors around random centres. */
function clustered(groups: number, perGroup: number, dim: number, seed = 1): Float32Array {
  const random = seededRandom(seed);
  const centres = normalizeRows(
    Float32Array.from({ length: groups * dim }, () => random() - 0.5),
    dim,
  );
  const vectors = new Float32Array(groups * perGroup * dim);
  for (let group = 0; group < groups; group += 1) {
    for (let member = 0; member < perGroup; member += 1) {
      const offset = (group * perGroup + member) * dim;
      for (let index = 0; index < dim; index += 1) {
        vectors[offset + index] = centres[group * dim + index]! + (random() - 0.5) * 0.05;
      }
    }
  }
  return normalizeRows(vectors, dim);
}

describe('clustering', () => {
  it('uses floor(sqrt(m)) clusters', () => {
    expect(clusterCountFor(0)).toBe(0);
    expect(clusterCountFor(1)).toBe(1);
    expect(clusterCountFor(99)).toBe(9);
    expect(clusterCountFor(100)).toBe(10);
  });

  it('finds well-separated groups and counts every vector', () => {
    const dim = 16;
    const vectors = clustered(4, 25, dim);
    const result = clusterVectors(vectors, dim, 4);
    expect(result.counts.reduce((sum, count) => sum + count, 0)).toBe(100);
    expect([...result.counts].sort()).toEqual([25, 25, 25, 25]);
  });

  it('is deterministic and handles an empty input', () => {
    const vectors = clustered(3, 10, 8);
    expect(clusterVectors(vectors, 8, 5)).toEqual(clusterVectors(vectors, 8, 5));
    expect(clusterVectors(new Float32Array(0), 8, 3).counts).toEqual([]);
  });
});

/** Reads `vectors` in runs of `rows` rows. */
function batchesOf(vectors: Float32Array, dim: number, rows: number): ReadVectorBatches {
  return async (onBatch) => {
    for (let start = 0; start < vectors.length; start += rows * dim) {
      onBatch(vectors.slice(start, start + rows * dim));
    }
  };
}

describe('clustering in batches', () => {
  const dim = 8;
  const vectors = clustered(6, 50, dim, 4);

  it.each([
    ['a sample of every row', {}],
    ['a sample of some rows', { sampleSize: 40 }],
    ['earlier centroids to start from', { sampleSize: 40, initial: clustered(3, 1, dim, 5) }],
  ])('gives what clusterVectors gives, to the bit, with %s', async (_name, options) => {
    const whole = clusterVectors(vectors, dim, 12, options);
    for (const rows of [1, 7, 300]) {
      const batched = await clusterVectorBatches(
        batchesOf(vectors, dim, rows),
        300,
        dim,
        12,
        options,
      );
      expect(batched).toEqual(whole);
      expect(new Uint8Array(batched!.centroids.buffer)).toEqual(
        new Uint8Array(whole.centroids.buffer),
      );
    }
  });

  it('reads the rows once, and counts the members on a sample when it holds only some', async () => {
    let reads = 0;
    const read: ReadVectorBatches = async (onBatch) => {
      reads += 1;
      await batchesOf(vectors, dim, 7)(onBatch);
    };
    const exact = await clusterVectorBatches(read, 300, dim, 6);
    expect(reads).toBe(1);
    expect(exact!.counts.reduce((sum, count) => sum + count, 0)).toBe(300);
    const estimated = await clusterVectorBatches(read, 300, dim, 6, { sampleSize: 60 });
    expect(reads).toBe(2);
    // Six groups of 50: a sample of 60 holds about 10 of each, each count scaled by 300 / 60.
    expect(estimated!.counts.every((count) => count % 5 === 0 && count > 0)).toBe(true);
    expect(estimated!.counts.reduce((sum, count) => sum + count, 0)).toBe(300);
  });

  it('fits in slices, giving way between them, to the same clustering as at once', async () => {
    const many = clustered(8, 200, dim, 3);
    const atOnce = clusterVectors(many, dim, 30);
    let pauses = 0;
    const sliced = await clusterVectorBatches(
      batchesOf(many, dim, 100),
      1_600,
      dim,
      30,
      {},
      async () => {
        pauses += 1;
      },
    );
    expect(pauses).toBeGreaterThan(10);
    expect(sliced).toEqual(atOnce);
  });

  it('gives nothing when a read does not hold the rows it was told of', async () => {
    expect(await clusterVectorBatches(batchesOf(vectors, dim, 7), 299, dim, 12)).toBeUndefined();
    expect(await clusterVectorBatches(batchesOf(vectors, dim, 7), 0, dim, 12)).toEqual({
      dim,
      centroids: new Float32Array(0),
      counts: [],
    });
  });

  it('makes the same knowledge boundary as one array of the vectors', async () => {
    const previous = computeBoundary('c', clustered(4, 10, dim, 6), dim);
    const whole = computeBoundary('c', vectors, dim, previous);
    const batched = await computeBoundaryInBatches(
      'c',
      batchesOf(vectors, dim, 64),
      300,
      dim,
      previous,
    );
    expect({ ...batched, updatedAt: 0 }).toEqual({ ...whole, updatedAt: 0 });
  });
});

describe('knowledge boundary', () => {
  it('routes a query to the collection whose centroids are nearest', () => {
    const dim = 16;
    const first = clustered(2, 20, dim, 1);
    const second = clustered(2, 20, dim, 2);
    const boundaries = [
      computeBoundary('first', first, dim),
      computeBoundary('second', second, dim),
    ];
    expect(boundaries[0]!.counts).toHaveLength(clusterCountFor(40));
    const query = second.slice(0, dim);
    const routes = routeByBoundary(() => query, boundaries, 1);
    expect(routes.map((route) => route.collectionId)).toEqual(['second']);
    expect(routeByBoundary(() => query, boundaries, 100).length).toBe(2);
  });

  it('updates from earlier centroids after the collection grows', () => {
    const dim = 8;
    const before = computeBoundary('c', clustered(3, 12, dim), dim);
    const after = computeBoundary('c', clustered(3, 20, dim), dim, before);
    expect(after.chunkCount).toBe(60);
    expect(after.counts).toHaveLength(7);
    expect(after.counts.reduce((sum, count) => sum + count, 0)).toBe(60);
  });
});

describe('nearestCentroid', () => {
  /** The first centroid with the highest `dot`, one at a time. */
  function oneByOne(row: Float32Array, centroids: Float32Array, dim: number): number {
    let best = 0;
    for (let centroid = 1; centroid * dim < centroids.length; centroid += 1) {
      if (dot(row, 0, centroids, centroid * dim, dim) > dot(row, 0, centroids, best * dim, dim)) {
        best = centroid;
      }
    }
    return best;
  }

  it('picks what scoring one centroid at a time picks, for every count of centroids', () => {
    const random = seededRandom(3);
    const dim = 7;
    for (let count = 1; count <= 11; count += 1) {
      const centroids = Float32Array.from({ length: count * dim }, () => random() - 0.5);
      for (let trial = 0; trial < 50; trial += 1) {
        const row = Float32Array.from({ length: dim }, () => random() - 0.5);
        expect(nearestCentroid(row, 0, centroids, dim)).toBe(oneByOne(row, centroids, dim));
      }
    }
  });

  it('takes the first of equal centroids, within a pass of four and across passes', () => {
    const dim = 2;
    const row = Float32Array.of(1, 0);
    const centroids = Float32Array.of(0, 1, 0.5, 0, 0.5, 0, 0, 1, 0.5, 0, 0.5, 0);
    expect(nearestCentroid(row, 0, centroids, dim)).toBe(1);
    const later = Float32Array.of(0, 1, 0, 1, 0, 1, 0, 1, 0.9, 0, 0.9, 0);
    expect(nearestCentroid(row, 0, later, dim)).toBe(4);
  });
});
