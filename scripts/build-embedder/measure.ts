/**
 * Retrieval recall and throughput of an embedding model on the dev evaluation set:
 *
 *   npx tsx scripts/build-embedder/measure.ts [--models-root public/models]
 *     [--model archivist/glove-100d] [--eval /work/shared/eval/dev] [--collections a,b] [--k 10]
 *     [--dense-weight 1]
 *
 * Every file of `<eval>/docs/<collection>/` is one passage; each question of
 * `<eval>/<collection>.jsonl` (`{ question, gold: paths relative to docs/ }`) is embedded and
 * searched exactly (cosine) within its collection. Prints recall@k of gold files per collection
 * (questions with empty gold skipped) for the dense ranking alone, and, for reference, for BM25 and
 * for their reciprocal-rank fusion (top 100 of each), and the passage embedding rate; the last
 * line is JSON.
 */
import { readFile, readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { TransformersEmbedder } from '../../src/adapters/embedder/transformers-embedder.ts';
import { Bm25Index } from '../../src/core/retrieval/bm25.ts';
import { reciprocalRankFusion } from '../../src/core/retrieval/fusion.ts';
import { recallAtK, topK } from './retrieval-metrics.ts';

interface Question {
  question: string;
  gold: string[];
}

const FUSION_DEPTH = 100;

interface Recalls {
  dense: number;
  bm25: number;
  hybrid: number;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

interface Arguments {
  modelsRoot: string;
  model: string;
  evalDir: string;
  collections?: string[];
  k: number;
  /** RRF weight of the dense list (BM25's is 1). */
  denseWeight: number;
}

function parseArguments(argv: readonly string[]): Arguments {
  const value = (flag: string): string | undefined => {
    const index = argv.indexOf(flag);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  return {
    modelsRoot: resolve(value('--models-root') ?? 'public/models'),
    model: value('--model') ?? 'archivist/glove-100d',
    evalDir: value('--eval') ?? '/work/shared/eval/dev',
    collections: value('--collections')?.split(','),
    k: Number(value('--k') ?? 10),
    denseWeight: Number(value('--dense-weight') ?? 1),
  };
}

async function readQuestions(path: string): Promise<Question[]> {
  const lines = (await readFile(path, 'utf8')).split('\n').filter((line) => line.trim());
  return lines.map((line) => JSON.parse(line) as Question);
}

async function main(): Promise<void> {
  const args = parseArguments(process.argv.slice(2));
  const embedder = await TransformersEmbedder.create({
    model: args.model,
    localModelPath: `${args.modelsRoot}/`,
    allowRemote: false,
    device: 'cpu',
  });
  const docsDir = `${args.evalDir}/docs`;
  const collections = args.collections ?? (await readdir(docsDir)).sort();
  const recall: Record<string, Recalls> = {};
  let passages = 0;
  let embedSeconds = 0;
  for (const collection of collections) {
    const names = (await readdir(`${docsDir}/${collection}`)).sort();
    const paths = names.map((name) => `${collection}/${name}`);
    const texts = await Promise.all(paths.map((path) => readFile(`${docsDir}/${path}`, 'utf8')));
    const started = performance.now();
    const docVectors = await embedder.embed(texts);
    embedSeconds += (performance.now() - started) / 1000;
    passages += texts.length;

    const questions = (await readQuestions(`${args.evalDir}/${collection}.jsonl`)).filter(
      (question) => question.gold.length > 0,
    );
    const queryVectors = await embedder.embed(questions.map((question) => question.question));
    const bm25 = new Bm25Index();
    bm25.add(paths.map((id, row) => ({ id, text: texts[row]! })));
    const perQuestion = questions.map((question, row) => {
      const query = queryVectors.subarray(row * embedder.dim, (row + 1) * embedder.dim);
      const dense = topK(query, docVectors, embedder.dim, FUSION_DEPTH).map((index, rank) => ({
        id: paths[index]!,
        score: -rank,
      }));
      const lexical = bm25.search(question.question, FUSION_DEPTH);
      const fused = reciprocalRankFusion(
        [{ hits: dense, weight: args.denseWeight }, { hits: lexical }],
        args.k,
      );
      const ids = (hits: readonly { id: string }[]): string[] =>
        hits.slice(0, args.k).map((hit) => hit.id);
      return {
        dense: recallAtK(ids(dense), question.gold),
        bm25: recallAtK(ids(lexical), question.gold),
        hybrid: recallAtK(ids(fused), question.gold),
      };
    });
    const result: Recalls = {
      dense: mean(perQuestion.map((entry) => entry.dense)),
      bm25: mean(perQuestion.map((entry) => entry.bm25)),
      hybrid: mean(perQuestion.map((entry) => entry.hybrid)),
    };
    recall[collection] = result;
    console.log(
      `${collection}: ${questions.length} questions, recall@${args.k} dense ${result.dense.toFixed(3)}` +
        `, bm25 ${result.bm25.toFixed(3)}, hybrid ${result.hybrid.toFixed(3)}`,
    );
  }
  const textsPerSecond = passages / embedSeconds;
  console.log(`embedded ${passages} passages at ${textsPerSecond.toFixed(0)} texts/s`);
  console.log(JSON.stringify({ model: args.model, k: args.k, recall, passages, textsPerSecond }));
}

await main();
