import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { parseQuestions } from '../../src/core/eval/dataset.ts';
import { allFound, mean, reciprocalRank, recall } from '../../src/core/eval/metrics.ts';
import { hybridPassageSearch } from '../../src/core/retrieval/bridge-library.ts';
import { bridgeSearch } from '../../src/core/retrieval/bridge-search.ts';
import type { SearchMode } from '../../src/core/retrieval/hybrid-search.ts';
import { openNodeLibrary } from '../node-library.ts';
import {
  DATASET_OPTIONS,
  datasetOptions,
  positiveWholeNumber,
  type DatasetOptions,
} from './dataset-options.ts';

/** `routed`: hybrid within the routed collections; `bridge`: hybrid, then a second hop (`bridgeSearch`). */
const MODES = ['bm25', 'dense', 'hybrid', 'routed', 'bridge'] as const;
type EvalMode = (typeof MODES)[number];

/** Chunks retrieved per file asked for, so that k distinct files remain after grouping. */
const CHUNKS_PER_FILE = 5;
/** Centroids consulted by knowledge-boundary routing in `routed` mode. */
const ROUTE_TOP_K = 8;

interface RetrievalEvalOptions extends DatasetOptions {
  k: number;
  mode: EvalMode;
}

function parseOptions(args: string[]): RetrievalEvalOptions {
  const { values } = parseArgs({
    args,
    options: {
      ...DATASET_OPTIONS,
      k: { type: 'string', default: '10' },
      mode: { type: 'string', default: 'hybrid' },
    },
  });
  const k = positiveWholeNumber('k', values.k);
  const mode = values.mode as EvalMode;
  if (!MODES.includes(mode)) throw new Error(`--mode must be one of ${MODES.join(', ')}.`);
  return {
    ...datasetOptions(values),
    k,
    mode,
  };
}

/** Recall of each question's gold files among the top k files retrieved. */
export async function runRetrievalEval(args: string[]): Promise<Record<string, unknown>> {
  const options = parseOptions(args);
  const questions = parseQuestions(await readFile(options.questions, 'utf8'));
  const library = await openNodeLibrary({ docs: options.docs, collections: options.collections });
  const searchMode: SearchMode =
    options.mode === 'routed' || options.mode === 'bridge' ? 'hybrid' : options.mode;
  const answerable = questions.filter((question) => question.gold.length > 0);
  const recalls: number[] = [];
  const complete: number[] = [];
  const reciprocalRanks: number[] = [];
  const started = performance.now();
  for (const question of answerable) {
    const k = options.k * CHUNKS_PER_FILE;
    const passages =
      options.mode === 'bridge'
        ? await bridgeSearch(hybridPassageSearch(library.search), question.question, { k })
        : (
            await library.search.search(question.question, {
              mode: searchMode,
              k,
              ...(options.mode === 'routed' ? { routeTopK: ROUTE_TOP_K } : {}),
            })
          ).passages;
    const files = [...new Set(passages.map((passage) => passage.chunk.fileId))].slice(0, options.k);
    recalls.push(recall(files, question.gold));
    complete.push(allFound(files, question.gold));
    reciprocalRanks.push(reciprocalRank(files, question.gold));
  }
  const elapsed = performance.now() - started;
  const round = (value: number): number => Math.round(value * 1000) / 1000;
  return {
    n: answerable.length,
    mode: options.mode,
    k: options.k,
    collections: library.collectionIds.join(','),
    chunks: library.chunkCount,
    recallAt10: round(mean(recalls)),
    allAt10: round(mean(complete)),
    mrr: round(mean(reciprocalRanks)),
    msPerQuery: round(elapsed / Math.max(1, answerable.length)),
    skippedUnanswerable: questions.length - answerable.length,
  };
}
