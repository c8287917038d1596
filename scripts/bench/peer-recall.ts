/** Recall@10 of each engine on the dev question sets, each set's folder indexed on its own. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseQuestions } from '../../src/core/eval/dataset.ts';
import { mean, recall } from '../../src/core/eval/metrics.ts';
import type { Embedder } from '../../src/core/ports/embedder.ts';
import { indexFolder, readCorpus } from './peer-corpus.ts';
import { createEngine, ENGINE_NAMES, PEER_COLLECTION, type EngineName } from './peer-engines.ts';
import { rounded } from './timing.ts';

export const DEV_SETS = ['squad2', 'hotpotqa', 'musique', '2wiki'] as const;
const K = 10;
/** Chunks asked for per file, so that 10 distinct files remain (as `eval retrieval` does). */
const CHUNKS_PER_FILE = 5;

/**
 * Per set, per engine: recall of the gold files among the first 10 distinct files of its best 50
 * chunks. Archivist and Orama rank hybrid (the query's vector from the same embedder), MiniSearch
 * and FlexSearch by keywords, which is all they do.
 */
export async function measureRecall(
  docs: string,
  questionsFolder: string,
  embedder: Embedder,
): Promise<Record<string, Record<EngineName, number>>> {
  const figures: Record<string, Record<EngineName, number>> = {};
  for (const set of DEV_SETS) {
    const store = await indexFolder(join(docs, set), embedder);
    const corpus = await readCorpus(store);
    const questions = parseQuestions(
      await readFile(join(questionsFolder, `${set}.jsonl`), 'utf8'),
    ).filter((question) => question.gold.length > 0);
    const vectors = await embedder.embed(questions.map((question) => question.question));
    const fileOf = new Map(
      corpus.ids.map((id, row) => [
        id,
        `${set}/${corpus.fileIds[row]!.slice(PEER_COLLECTION.length + 1)}`,
      ]),
    );
    const bySet = {} as Record<EngineName, number>;
    for (const name of ENGINE_NAMES) {
      const engine = createEngine(name, store);
      await engine.build(corpus);
      const recalls: number[] = [];
      for (const [position, question] of questions.entries()) {
        const vector = vectors.subarray(position * embedder.dim, (position + 1) * embedder.dim);
        const ids = await engine.search(question.question, K * CHUNKS_PER_FILE, vector);
        const files = [...new Set(ids.map((id) => fileOf.get(id)!))].slice(0, K);
        recalls.push(recall(files, question.gold));
      }
      bySet[name] = rounded(mean(recalls));
    }
    figures[set] = bySet;
  }
  return figures;
}
