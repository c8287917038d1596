/** The questions a scale bench searches for, and the latency of searching them. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseQuestions } from '../../src/core/eval/dataset.ts';
import type { SearchMode } from '../../src/core/retrieval/hybrid-search.ts';
import type { LibrarySearch } from '../../src/core/retrieval/library-search.ts';
import { percentile, rounded } from './timing.ts';

/** Results asked for per search, as the app's search view does. */
export const RESULTS_PER_SEARCH = 10;

/** Queries searched before the timed ones, so the runtime's first compilations are not counted. */
const WARM_UP_QUERIES = 10;

export interface LatencyFigures {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  meanMs: number;
  /** Share of the queries that found at least one passage. */
  answered: number;
}

/**
 * `count` questions from the `.jsonl` question files in `directory`, taken from each file in turn
 * (so every collection's kind of question is there), in file order, white space collapsed (as the
 * search box's heading shows a query).
 */
export async function readQueries(directory: string, count: number): Promise<string[]> {
  const names = (await readdir(directory)).filter((name) => name.endsWith('.jsonl')).sort();
  const lists = await Promise.all(
    names.map(async (name) =>
      parseQuestions(await readFile(join(directory, name), 'utf8')).map((item) =>
        item.question.replace(/\s+/g, ' ').trim(),
      ),
    ),
  );
  const queries: string[] = [];
  for (let row = 0; queries.length < count && lists.some((list) => row < list.length); row += 1) {
    for (const list of lists)
      if (row < list.length && queries.length < count) queries.push(list[row]!);
  }
  if (queries.length === 0) throw new Error(`No questions in the .jsonl files of ${directory}.`);
  return queries;
}

/** Times every query in one mode, after a few untimed ones. */
export async function measureSearches(
  search: LibrarySearch,
  queries: readonly string[],
  mode: SearchMode,
): Promise<LatencyFigures> {
  const options = { mode, k: RESULTS_PER_SEARCH };
  for (const query of queries.slice(0, WARM_UP_QUERIES)) await search.search(query, options);
  const times: number[] = [];
  let answered = 0;
  for (const query of queries) {
    const start = performance.now();
    const { passages } = await search.search(query, options);
    times.push(performance.now() - start);
    if (passages.length > 0) answered += 1;
  }
  return {
    p50Ms: rounded(percentile(times, 0.5), 2),
    p95Ms: rounded(percentile(times, 0.95), 2),
    maxMs: rounded(Math.max(...times), 2),
    meanMs: rounded(times.reduce((sum, time) => sum + time, 0) / times.length, 2),
    answered: rounded(answered / queries.length),
  };
}
