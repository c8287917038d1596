/**
 * `node --import tsx scripts/bench/reload-process.ts STORE_FOLDER COLLECTION_ID QUERY`: the app
 * after a reload, in a process of its own. Opens the `LevelStore` in STORE_FOLDER, loads the
 * collection into a new `LibrarySearch` and answers QUERY (hybrid), then writes one JSON line to
 * stdout: the load's and the first answer's milliseconds (from the load's start), the results,
 * and the process's peak resident memory (Linux's `VmHWM`, which no sampling can miss) and peak
 * anonymous memory (sampled from the load's start). The embedder is loaded and warmed first, as
 * the bench's own reloads have it.
 */
import { createEmbedder } from '../node-embedder.ts';
import { LevelStore } from '../../src/adapters/store/level-store.ts';
import { chooseVectorIndex } from '../../src/adapters/vector/index.ts';
import { LibrarySearch } from '../../src/core/retrieval/library-search.ts';
import { peakResidentBytes, trackPeakMemory } from './own-memory.ts';
import { RESULTS_PER_SEARCH } from './scale-queries.ts';
import { timed } from './timing.ts';

export interface ReloadProcessReport {
  openMs: number;
  firstAnswerMs: number;
  passages: number;
  peakRssBytes: number;
  peakAnonymousBytes: number;
}

const [folder, collectionId, query] = process.argv.slice(2);
if (!folder || !collectionId || !query) {
  throw new Error('usage: reload-process.ts STORE_FOLDER COLLECTION_ID QUERY');
}
const embedder = await createEmbedder();
await embedder.embed(['Warming up the embedder before the measurement.']);
const store = await LevelStore.open(folder);
try {
  const search = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
  const stopTracking = trackPeakMemory();
  const opened = await timed(() => search.open(collectionId));
  const first = await timed(() => search.search(query, { mode: 'hybrid', k: RESULTS_PER_SEARCH }));
  const report: ReloadProcessReport = {
    openMs: opened.ms,
    firstAnswerMs: opened.ms + first.ms,
    passages: first.value.passages.length,
    peakRssBytes: peakResidentBytes(),
    peakAnonymousBytes: stopTracking().anonymous,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
} finally {
  await store.close();
}
