import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { positiveWholeNumber } from '../eval/dataset-options.ts';
import { readSourcePassages, scaleFilesFor, writeScaleFolder } from '../fixtures/scale-folder.ts';
import { createEmbedder } from '../node-embedder.ts';
import { indexFolder, readCorpus } from './peer-corpus.ts';
import { createEngine, ENGINE_NAMES, type EngineName, type PeerEngine } from './peer-engines.ts';
import { measureRecall } from './peer-recall.ts';
import { readQueries } from './scale-queries.ts';
import { settleMemory } from './settle-memory.ts';
import { percentile, rounded, timed } from './timing.ts';

const MB = 1024 * 1024;
const K = 10;
const WARM_UP_QUERIES = 10;
/** Reloads per engine, interleaved; the median is reported. */
const RELOAD_RUNS = 3;

interface EngineFigures {
  buildMs: number;
  searchP50Ms: number;
  searchP95Ms: number;
  serializedMb: number;
  reloadToFirstAnswerMs: number;
  heapMb: number;
}

/**
 * `bench peers [--chunks 50000] [--docs DIR] [--questions DIR] [--queries 200] [--seed 1]`: the
 * scale bench's generated folder (scripts/fixtures/scale-folder.ts) indexed once by the app's
 * pipeline, then the same chunks and vectors given to Archivist, FlexSearch, MiniSearch and Orama
 * in one process: build time and the heap each index holds, keyword search latency over the dev
 * questions (the engines take turns query by query, so a busy machine slows all alike), the size
 * of each index's stored form, and the time from that stored form to the first answer (Archivist:
 * `LibrarySearch.open` from its store, the stored keyword index and vectors). Then recall@10 of
 * each on the dev question sets (scripts/bench/peer-recall.ts).
 */
export async function runPeersBench(args: string[]): Promise<Record<string, unknown>> {
  const { values } = parseArgs({
    args,
    options: {
      chunks: { type: 'string', default: '50000' },
      docs: { type: 'string', default: '../shared/eval/dev/docs' },
      questions: { type: 'string' },
      queries: { type: 'string', default: '200' },
      seed: { type: 'string', default: '1' },
    },
  });
  const log = (message: string) => console.error(`[bench peers] ${message}`);
  const questionsFolder = values.questions ?? dirname(resolve(values.docs));
  const queries = await readQueries(
    questionsFolder,
    positiveWholeNumber('queries', values.queries),
  );
  const embedder = await createEmbedder();
  const folder = await mkdtemp(join(tmpdir(), 'archivist-peers-'));
  try {
    await writeScaleFolder(folder, await readSourcePassages(values.docs), {
      files: scaleFilesFor(positiveWholeNumber('chunks', values.chunks)),
      seed: positiveWholeNumber('seed', values.seed),
    });
    const store = await indexFolder(folder, embedder);
    const corpus = await readCorpus(store);
    log(`${corpus.ids.length} chunks of ${corpus.dim} dimensions indexed`);
    const engines = new Map(ENGINE_NAMES.map((name) => [name, createEngine(name, store)]));
    const built = new Map<EngineName, { buildMs: number; heapMb: number }>();
    for (const [name, engine] of engines) {
      await settleMemory();
      const before = heapMb();
      const build = await timed(() => engine.build(corpus));
      await settleMemory();
      built.set(name, { buildMs: Math.round(build.ms), heapMb: Math.round(heapMb() - before) });
      log(`${name}: built in ${Math.round(build.ms)} ms`);
    }
    const latency = await searchInTurns(engines, queries);
    log(`${queries.length} queries searched by each engine`);
    const reloads = await reloadInTurns(engines, queries[0]!, corpus, log);
    const result: Record<string, EngineFigures> = {};
    for (const name of ENGINE_NAMES) {
      const times = latency.get(name)!;
      result[name] = {
        buildMs: built.get(name)!.buildMs,
        searchP50Ms: rounded(percentile(times, 0.5), 2),
        searchP95Ms: rounded(percentile(times, 0.95), 2),
        serializedMb: rounded(reloads.get(name)!.bytes / MB, 1),
        reloadToFirstAnswerMs: Math.round(percentile(reloads.get(name)!.times, 0.5)),
        heapMb: built.get(name)!.heapMb,
      };
    }
    log(JSON.stringify(result));
    engines.clear();
    const recallAt10 = await measureRecall(values.docs, questionsFolder, embedder);
    return { chunks: corpus.ids.length, queries: queries.length, engines: result, recallAt10 };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Search times per engine: each query is asked of every engine in turn, after a warm-up. */
async function searchInTurns(
  engines: Map<EngineName, PeerEngine>,
  queries: readonly string[],
): Promise<Map<EngineName, number[]>> {
  const times = new Map<EngineName, number[]>([...engines.keys()].map((name) => [name, []]));
  for (const query of queries.slice(0, WARM_UP_QUERIES)) {
    for (const engine of engines.values()) await engine.search(query, K);
  }
  const order = [...engines];
  for (const [position, query] of queries.entries()) {
    // A different engine goes first each time.
    for (let turn = 0; turn < order.length; turn += 1) {
      const [name, engine] = order[(position + turn) % order.length]!;
      const search = await timed(() => engine.search(query, K));
      times.get(name)!.push(search.ms);
    }
  }
  return times;
}

/**
 * Each engine's stored form and the time from it to a first answer, `RELOAD_RUNS` rounds in
 * turn. Each engine lets its index go after answering, so every reload meets a heap that holds
 * no engine's index, as a tab that opens one library does (with the others' indexes kept, at
 * 50k chunks Archivist's first round took 270 ms and the next two 761 and 743 ms).
 */
async function reloadInTurns(
  engines: Map<EngineName, PeerEngine>,
  query: string,
  corpus: Parameters<PeerEngine['reload']>[1],
  log: (message: string) => void,
): Promise<Map<EngineName, { bytes: number; times: number[] }>> {
  const stored = new Map<EngineName, Uint8Array>();
  for (const [name, engine] of engines) stored.set(name, await engine.serialize());
  const figures = new Map<EngineName, { bytes: number; times: number[] }>();
  for (const [name, bytes] of stored) figures.set(name, { bytes: bytes.length, times: [] });
  for (let run = 0; run < RELOAD_RUNS; run += 1) {
    for (const [name, engine] of engines) {
      await settleMemory();
      const reload = await timed(async () => {
        await engine.reload(stored.get(name)!, corpus);
        return engine.search(query, K);
      });
      engine.release();
      figures.get(name)!.times.push(reload.ms);
      log(`${name}: reloaded and answered in ${Math.round(reload.ms)} ms`);
    }
  }
  return figures;
}

/** What JavaScript holds, in MB: the heap in use plus array buffers (typed arrays). */
function heapMb(): number {
  const usage = process.memoryUsage();
  return (usage.heapUsed + usage.arrayBuffers) / MB;
}
