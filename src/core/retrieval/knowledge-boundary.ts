import type { StoredCentroids } from '../ports/store.ts';
import {
  clusterCountFor,
  clusterVectorBatches,
  clusterVectors,
  type Clustering,
  type ReadVectorBatches,
} from './clustering.ts';
import { dot } from './vector-math.ts';

/**
 * Recomputes a collection's knowledge boundary (floor(sqrt(m)) centroids of its chunk vectors).
 * With `previous`, starts from the earlier centroids (largest clusters first), so the update
 * after a re-sync costs a few passes and keeps clusters stable.
 */
export function computeBoundary(
  collectionId: string,
  vectors: Float32Array,
  dim: number,
  previous?: StoredCentroids,
): StoredCentroids {
  const chunkCount = vectors.length / dim;
  const clustering = clusterVectors(vectors, dim, clusterCountFor(chunkCount), {
    initial: initialCentroids(previous, dim),
  });
  return toBoundary(collectionId, chunkCount, clustering);
}

/**
 * `computeBoundary` over the collection's `chunkCount` vectors read in batches (no array of them
 * all; `clusterVectorBatches`, in slices with `giveWay` between them when given), the same
 * boundary; `undefined` when the read did not hold `chunkCount` vectors.
 */
export async function computeBoundaryInBatches(
  collectionId: string,
  read: ReadVectorBatches,
  chunkCount: number,
  dim: number,
  previous?: StoredCentroids,
  giveWay?: () => Promise<void>,
): Promise<StoredCentroids | undefined> {
  const clustering = await clusterVectorBatches(
    read,
    chunkCount,
    dim,
    clusterCountFor(chunkCount),
    { initial: initialCentroids(previous, dim) },
    giveWay,
  );
  return clustering && toBoundary(collectionId, chunkCount, clustering);
}

function initialCentroids(previous: StoredCentroids | undefined, dim: number) {
  return previous && previous.dim === dim ? largestFirst(previous) : undefined;
}

function toBoundary(
  collectionId: string,
  chunkCount: number,
  { dim, centroids, counts }: Clustering,
): StoredCentroids {
  return { collectionId, dim, centroids, counts, chunkCount, updatedAt: Date.now() };
}

function largestFirst(boundary: StoredCentroids): Float32Array {
  const { dim } = boundary;
  const order = boundary.counts.map((_, index) => index);
  order.sort((left, right) => boundary.counts[right]! - boundary.counts[left]!);
  const sorted = new Float32Array(order.length * dim);
  order.forEach((centroid, position) => {
    sorted.set(boundary.centroids.subarray(centroid * dim, (centroid + 1) * dim), position * dim);
  });
  return sorted;
}

export interface CollectionRoute {
  collectionId: string;
  /** Best centroid similarity of this collection. */
  score: number;
  /** How many of the top-k centroids this collection owns. */
  centroids: number;
}

/** The query embedded by a collection's own model; undefined where there is none. */
export type QueryVectorFor = (collectionId: string) => Float32Array | undefined;

/**
 * Knowledge-boundary routing: compare the query with every collection's centroids and return the
 * collections owning the `topK` most similar centroids, best first. Each collection is compared
 * with `queryFor` its own collection (collections may use different embedding models).
 */
export function routeByBoundary(
  queryFor: QueryVectorFor,
  boundaries: readonly StoredCentroids[],
  topK: number,
): CollectionRoute[] {
  const scored: { collectionId: string; score: number }[] = [];
  for (const boundary of boundaries) {
    const query = queryFor(boundary.collectionId);
    if (boundary.dim !== query?.length) continue;
    for (let offset = 0; offset < boundary.centroids.length; offset += boundary.dim) {
      if (boundary.counts[offset / boundary.dim] === 0) continue;
      const score = dot(query, 0, boundary.centroids, offset, boundary.dim);
      scored.push({ collectionId: boundary.collectionId, score });
    }
  }
  scored.sort((left, right) => right.score - left.score);
  const routes = new Map<string, CollectionRoute>();
  for (const { collectionId, score } of scored.slice(0, topK)) {
    const route = routes.get(collectionId);
    if (route) route.centroids += 1;
    else routes.set(collectionId, { collectionId, score, centroids: 1 });
  }
  return [...routes.values()];
}
