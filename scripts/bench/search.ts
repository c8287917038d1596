import { parseArgs } from 'node:util';
import {
  chooseVectorIndexFactory,
  decodeVectors,
  encodeVectors,
  exactIndexFactory,
  simdAvailable,
} from '../../src/adapters/vector/index.ts';
import { createVoyIndexFactory } from '../../src/adapters/vector/voy-index.ts';
import type { VectorIndex, VectorIndexFactory } from '../../src/core/ports/vector-index.ts';
import { settleMemory } from './settle-memory.ts';
import { loadVoyInNode } from './load-voy-in-node.ts';
import { RandomVectors, vectorDistributions, type VectorDistribution } from './random-vectors.ts';
import { percentile, rounded, timed } from './timing.ts';

const k = 10;
const warmupQueries = 20;
const reloadRuns = 3;

interface SearchBenchOptions {
  n: number;
  dim: number;
  queries: number;
  data: VectorDistribution;
  seed: number;
  voy: boolean;
}

interface Workload {
  ids: string[];
  vectors: Float32Array;
  queries: Float32Array[];
  warmup: Float32Array[];
}

interface AdapterFigures {
  buildMs: number;
  p50Ms: number;
  p95Ms: number;
  recallAt10VsExact: number;
}

function parseOptions(args: string[]): SearchBenchOptions {
  const { values } = parseArgs({
    args,
    options: {
      n: { type: 'string', default: '10000' },
      dim: { type: 'string', default: '384' },
      queries: { type: 'string', default: '100' },
      data: { type: 'string', default: 'uniform' },
      seed: { type: 'string', default: '1' },
      'skip-voy': { type: 'boolean', default: false },
    },
  });
  const positive = (name: 'n' | 'dim' | 'queries' | 'seed') => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < 1) {
      throw new Error(`--${name} must be a positive whole number, not "${values[name]}".`);
    }
    return value;
  };
  const data = values.data as VectorDistribution;
  if (!vectorDistributions.includes(data)) {
    throw new Error(`--data must be one of ${vectorDistributions.join(', ')}, not "${data}".`);
  }
  return {
    n: positive('n'),
    dim: positive('dim'),
    queries: positive('queries'),
    data,
    seed: positive('seed'),
    voy: !values['skip-voy'],
  };
}

function makeWorkload(options: SearchBenchOptions): Workload {
  const source = new RandomVectors(options.dim, options.data, options.seed);
  const rows = (count: number) => {
    const flat = source.next(count);
    return Array.from({ length: count }, (_, row) =>
      flat.subarray(row * options.dim, (row + 1) * options.dim),
    );
  };
  return {
    ids: Array.from({ length: options.n }, (_, row) => `vector-${row}`),
    vectors: source.next(options.n),
    queries: rows(options.queries),
    warmup: rows(warmupQueries),
  };
}

/** Builds an index of the workload and times each query; returns the top-k ids per query. */
async function measure(
  factory: VectorIndexFactory,
  workload: Workload,
  reference?: string[][],
): Promise<{ figures: AdapterFigures; results: string[][] }> {
  await settleMemory();
  const dim = workload.queries[0]!.length;
  const build = await timed(async () => {
    const index = await factory.create(dim);
    index.add(workload.ids, workload.vectors);
    return index;
  });
  const index: VectorIndex = build.value;
  for (const query of workload.warmup) await index.search(query, k);
  const times: number[] = [];
  const results: string[][] = [];
  for (const query of workload.queries) {
    const start = performance.now();
    const hits = await index.search(query, k);
    times.push(performance.now() - start);
    results.push(hits.map((hit) => hit.id));
  }
  const figures = {
    buildMs: rounded(build.ms, 1),
    p50Ms: rounded(percentile(times, 0.5)),
    p95Ms: rounded(percentile(times, 0.95)),
    recallAt10VsExact: rounded(recallAt10(results, reference ?? results), 4),
  };
  return { figures, results };
}

function recallAt10(results: string[][], reference: string[][]): number {
  let found = 0;
  let expected = 0;
  results.forEach((ids, query) => {
    const wanted = new Set(reference[query]!.slice(0, k));
    found += ids.slice(0, k).filter((id) => wanted.has(id)).length;
    expected += wanted.size;
  });
  return expected === 0 ? 1 : found / expected;
}

/**
 * Decodes the stored bytes and builds the index ready to search, as opening a collection does,
 * `reloadRuns` times (this machine's page faults make one run noisy); checks that the reloaded
 * index answers as the one built directly did.
 */
async function measureReload(
  factory: VectorIndexFactory,
  workload: Workload,
  stored: Uint8Array,
  expected: string[][],
): Promise<{ reloadMs: number; reloadMaxMs: number }> {
  const dim = workload.queries[0]!.length;
  const times: number[] = [];
  for (let run = 0; run < reloadRuns; run += 1) {
    await settleMemory();
    const reload = await timed(async () => {
      const index = await factory.create(dim);
      index.add(workload.ids, decodeVectors(stored));
      return index;
    });
    times.push(reload.ms);
    const results: string[][] = [];
    for (const query of workload.queries) {
      results.push((await reload.value.search(query, k)).map((hit) => hit.id));
    }
    if (recallAt10(results, expected) < 1) {
      throw new Error('The reloaded index answers differently from the one built directly.');
    }
  }
  return {
    reloadMs: rounded(percentile(times, 0.5), 1),
    reloadMaxMs: rounded(Math.max(...times), 1),
  };
}

async function measureVoy(workload: Workload, reference: string[][]) {
  try {
    const voy = await measure(createVoyIndexFactory(loadVoyInNode), workload, reference);
    return voy.figures;
  } catch (error) {
    return { skipped: `voy-search failed: ${String(error)}` };
  }
}

/** `bench search`: the default vector index against exact search and voy on random vectors. */
export async function runSearchBench(args: string[]): Promise<Record<string, unknown>> {
  const options = parseOptions(args);
  const workload = makeWorkload(options);
  const log = (message: string) => console.error(`[bench search] ${message}`);
  log(`${options.n} x ${options.dim} ${options.data} vectors, ${options.queries} queries`);

  const exact = await measure(exactIndexFactory, workload);
  log(`exact: ${JSON.stringify(exact.figures)}`);
  const factory = chooseVectorIndexFactory(options.n);
  const chosen = await measure(factory, workload, exact.results);
  log(`${factory.name}: ${JSON.stringify(chosen.figures)}`);
  const stored = encodeVectors(workload.vectors);
  const reload = await measureReload(factory, workload, stored, chosen.results);
  log(`reload: ${JSON.stringify(reload)}`);
  const voy = options.voy ? await measureVoy(workload, exact.results) : { skipped: '--skip-voy' };
  log(`voy: ${JSON.stringify(voy)}`);

  const rawBytes = options.n * options.dim * 4;
  return {
    n: options.n,
    dim: options.dim,
    data: options.data,
    queries: options.queries,
    seed: options.seed,
    index: factory.name,
    simd: simdAvailable(),
    ...chosen.figures,
    exactP50Ms: exact.figures.p50Ms,
    speedupVsExact: rounded(exact.figures.p50Ms / chosen.figures.p50Ms, 1),
    ...reload,
    storedBytes: stored.byteLength,
    rawBytes,
    storedRatio: rounded(stored.byteLength / rawBytes, 4),
    exact: exact.figures,
    voy,
  };
}
