import { runAtOnce, runGivingWay, type SlicedWork } from '../time-slices.ts';
import { dot, normalizeRows, seededRandom } from './vector-math.ts';

/** Sample rows scored against every centroid between two pauses of sliced work. */
const ROWS_PER_SLICE = 512;
/** k-means++ seeds chosen between two pauses (each scores every sample row once). */
const SEEDS_PER_SLICE = 32;

export interface Clustering {
  dim: number;
  /** Flat `count * dim` unit-length centroids. */
  centroids: Float32Array;
  /** Member vectors per centroid: estimated from the sample when it holds only some rows. */
  counts: number[];
}

export interface ClusterOptions {
  /** Vectors used to fit the centroids (the rest are only assigned). */
  sampleSize?: number;
  iterations?: number;
  /** Earlier centroids to start from, so an update after a small change is cheap and stable. */
  initial?: Float32Array;
  seed?: number;
}

/** Cluster count for a collection of `m` chunks: floor(sqrt(m)), at least 1 when m > 0. */
export function clusterCountFor(m: number): number {
  return m === 0 ? 0 : Math.max(1, Math.floor(Math.sqrt(m)));
}

/**
 * Spherical k-means (cosine) with k-means++ seeding on a sample of `vectors`, then every vector
 * assigned to its nearest centroid for the counts. With `initial`, starts from those centroids,
 * adding k-means++ seeds or dropping the smallest clusters to reach `count`.
 */
export function clusterVectors(
  vectors: Float32Array,
  dim: number,
  count: number,
  options: ClusterOptions = {},
): Clustering {
  const total = vectors.length / dim;
  if (total === 0 || count === 0) return { dim, centroids: new Float32Array(0), counts: [] };
  const random = seededRandom(options.seed ?? 7);
  const picks = samplePicks(total, options, random);
  // A sample of every row takes them in order (`samplePicks`): the vectors themselves.
  const sample = picks.length === total ? vectors : new Float32Array(picks.length * dim);
  if (sample !== vectors) {
    picks.forEach((row, slot) =>
      sample.set(vectors.subarray(row * dim, (row + 1) * dim), slot * dim),
    );
  }
  return runAtOnce(fitting(sample, total, dim, count, random, options));
}

/** Hands every row of a set of vectors to `onBatch`, a run of rows at a time, in one order. */
export type ReadVectorBatches = (onBatch: (vectors: Float32Array) => void) => Promise<void>;

/**
 * `clusterVectors` over `total` rows read in batches, the same result to the bit, without an
 * array of them all: one read takes the sample's rows. Resolves `undefined` when the read does
 * not hand over exactly `total` rows (the vectors changed meanwhile).
 */
export async function clusterVectorBatches(
  read: ReadVectorBatches,
  total: number,
  dim: number,
  count: number,
  options: ClusterOptions = {},
  giveWay?: () => Promise<void>,
): Promise<Clustering | undefined> {
  if (total === 0 || count === 0) return { dim, centroids: new Float32Array(0), counts: [] };
  const random = seededRandom(options.seed ?? 7);
  const picks = samplePicks(total, options, random);
  const slotOf = new Map(Array.from(picks, (row, slot) => [row, slot]));
  const sample = new Float32Array(picks.length * dim);
  let rows = 0;
  await read((vectors) => {
    for (let offset = 0; offset < vectors.length; offset += dim, rows += 1) {
      const slot = slotOf.get(rows);
      if (slot !== undefined) sample.set(vectors.subarray(offset, offset + dim), slot * dim);
    }
  });
  if (rows !== total) return undefined;
  const work = fitting(sample, total, dim, count, random, options);
  return giveWay ? runGivingWay(work, giveWay) : runAtOnce(work);
}

/**
 * k-means++ seeds, then the iterations, on the sample's rows, then the members counted, as
 * sliced work (at 500,000 chunks: 8,192 rows against 708 centroids, 2.7 s in one go).
 */
function* fitting(
  sample: Float32Array,
  total: number,
  dim: number,
  count: number,
  random: () => number,
  options: ClusterOptions,
): SlicedWork<Clustering> {
  const k = Math.min(count, sample.length / dim);
  let centroids = yield* seeding(sample, dim, k, random, options.initial);
  const iterations = options.iterations ?? (options.initial ? 4 : 10);
  for (let iteration = 0; iteration < iterations; iteration += 1) {
    const { sums, counts } = yield* accumulating(sample, centroids, dim);
    centroids = recenter(sums, counts, centroids, dim);
  }
  return { dim, centroids, counts: yield* memberCounts(sample, total, centroids, dim) };
}

/**
 * The members of each centroid among `total` rows, counted on the `sample` the centroids were
 * fitted on: exactly when it holds every row, else scaled to `total` (an estimate, rounded). Each
 * row counted against every centroid cost a sync of one file 30 s at 501,588 chunks and their 708
 * centroids, and a boundary needs only which centroids hold members and which hold most.
 */
function* memberCounts(
  sample: Float32Array,
  total: number,
  centroids: Float32Array,
  dim: number,
): SlicedWork<number[]> {
  const sampled = sample.length / dim;
  const counts = new Array<number>(centroids.length / dim).fill(0);
  for (let offset = 0; offset < sample.length; offset += dim) {
    counts[nearestCentroid(sample, offset, centroids, dim)]! += 1;
    if ((offset / dim) % ROWS_PER_SLICE === ROWS_PER_SLICE - 1) yield;
  }
  return sampled === total ? counts : counts.map((count) => Math.round((count * total) / sampled));
}

/**
 * Index of the centroid with the highest inner product with row `offset` of `vectors` (the first
 * of equals). Four centroids are scored in one pass over the row, each product summed in the same
 * order as `dot` sums it, so the scores are `dot`'s to the bit; it runs about twice as fast, which
 * matters at the end of a sync (each k-means pass scores up to 8,192 sampled rows against up to
 * 708 centroids at 500,000 chunks).
 */
export function nearestCentroid(
  vectors: Float32Array,
  offset: number,
  centroids: Float32Array,
  dim: number,
): number {
  const count = centroids.length / dim;
  let best = 0;
  let bestScore = -Infinity;
  let centroid = 0;
  for (; centroid + 4 <= count; centroid += 4) {
    const first = centroid * dim;
    let score0 = 0;
    let score1 = 0;
    let score2 = 0;
    let score3 = 0;
    for (let index = 0; index < dim; index += 1) {
      const value = vectors[offset + index]!;
      score0 += value * centroids[first + index]!;
      score1 += value * centroids[first + dim + index]!;
      score2 += value * centroids[first + 2 * dim + index]!;
      score3 += value * centroids[first + 3 * dim + index]!;
    }
    const scores = [score0, score1, score2, score3];
    for (let lane = 0; lane < 4; lane += 1) {
      if (scores[lane]! > bestScore) {
        bestScore = scores[lane]!;
        best = centroid + lane;
      }
    }
  }
  for (; centroid < count; centroid += 1) {
    const score = dot(vectors, offset, centroids, centroid * dim, dim);
    if (score > bestScore) {
      bestScore = score;
      best = centroid;
    }
  }
  return best;
}

/**
 * The rows the centroids are fitted on, in the order they are taken: every row when the sample
 * would hold them all, else `sampleSize` rows by a partial Fisher-Yates shuffle.
 */
function samplePicks(total: number, options: ClusterOptions, random: () => number): Int32Array {
  const size = Math.min(total, options.sampleSize ?? 8192);
  const order = Int32Array.from({ length: total }, (_, index) => index);
  if (size >= total) return order;
  for (let index = 0; index < size; index += 1) {
    const pick = index + Math.floor(random() * (total - index));
    [order[index], order[pick]] = [order[pick]!, order[index]!];
  }
  return order.subarray(0, size);
}

function* seeding(
  sample: Float32Array,
  dim: number,
  k: number,
  random: () => number,
  initial: Float32Array | undefined,
): SlicedWork<Float32Array> {
  const centroids = new Float32Array(k * dim);
  let filled = 0;
  if (initial) {
    filled = Math.min(k, initial.length / dim);
    centroids.set(initial.subarray(0, filled * dim));
  }
  const rows = sample.length / dim;
  const distance = new Float64Array(rows).fill(Infinity);
  if (filled === 0) {
    centroids.set(sample.subarray(0, dim));
    filled = 1;
  }
  for (let centroid = 0; centroid < filled; centroid += 1) updateDistances(centroid);
  while (filled < k) {
    let total = 0;
    for (const value of distance) total += value;
    let target = random() * total;
    let pick = rows - 1;
    for (let row = 0; row < rows; row += 1) {
      target -= distance[row]!;
      if (target <= 0) {
        pick = row;
        break;
      }
    }
    centroids.set(sample.subarray(pick * dim, (pick + 1) * dim), filled * dim);
    updateDistances(filled);
    filled += 1;
    if (filled % SEEDS_PER_SLICE === 0) yield;
  }
  return centroids;

  function updateDistances(centroid: number): void {
    for (let row = 0; row < rows; row += 1) {
      const cosine = dot(sample, row * dim, centroids, centroid * dim, dim);
      distance[row] = Math.min(distance[row]!, Math.max(0, 1 - cosine));
    }
  }
}

function* accumulating(
  vectors: Float32Array,
  centroids: Float32Array,
  dim: number,
): SlicedWork<{ sums: Float32Array; counts: number[] }> {
  const sums = new Float32Array(centroids.length);
  const counts = new Array<number>(centroids.length / dim).fill(0);
  for (let offset = 0; offset < vectors.length; offset += dim) {
    const centroid = nearestCentroid(vectors, offset, centroids, dim);
    counts[centroid]! += 1;
    for (let index = 0; index < dim; index += 1) {
      sums[centroid * dim + index]! += vectors[offset + index]!;
    }
    if ((offset / dim) % ROWS_PER_SLICE === ROWS_PER_SLICE - 1) yield;
  }
  return { sums, counts };
}

function recenter(
  sums: Float32Array,
  counts: number[],
  previous: Float32Array,
  dim: number,
): Float32Array {
  const centroids = normalizeRows(sums, dim);
  counts.forEach((count, centroid) => {
    if (count === 0) {
      centroids.set(previous.subarray(centroid * dim, (centroid + 1) * dim), centroid * dim);
    }
  });
  return centroids;
}
