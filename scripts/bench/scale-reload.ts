/**
 * The reloads of `bench scale`: the collection loaded again from its store, in this process and
 * in processes of their own.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chooseVectorIndex } from '../../src/adapters/vector/index.ts';
import type { Embedder } from '../../src/core/ports/embedder.ts';
import type { Store } from '../../src/core/ports/store.ts';
import { LibrarySearch } from '../../src/core/retrieval/library-search.ts';
import { trackPeakMemory } from './own-memory.ts';
import type { ReloadProcessReport } from './reload-process.ts';
import { RESULTS_PER_SEARCH } from './scale-queries.ts';
import { settleMemory } from './settle-memory.ts';
import { percentile, timed } from './timing.ts';

const MB = 1024 * 1024;
/** Times the collection is loaded again, each time by a new `LibrarySearch` or process. */
const RELOAD_RUNS = 3;
const RELOAD_PROCESS = fileURLToPath(new URL('./reload-process.ts', import.meta.url));

/**
 * Loads the collection from the store into a new `LibrarySearch` and answers one hybrid query,
 * `RELOAD_RUNS` times, one index in memory at a time, in this process (so after the ingest, in
 * the memory it left). Resolves the last `LibrarySearch`, ready to search.
 */
export async function measureReload(
  store: Store,
  embedder: Embedder,
  collectionId: string,
  query: string,
) {
  const opening: number[] = [];
  const firstSearch: number[] = [];
  let search: LibrarySearch | undefined;
  const peak = { rss: 0, anonymous: 0 };
  for (let run = 0; run < RELOAD_RUNS; run += 1) {
    search = undefined;
    await settleMemory();
    const fresh = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
    const stopTracking = trackPeakMemory();
    const opened = await timed(() => fresh.open(collectionId));
    const first = await timed(() => fresh.search(query, { mode: 'hybrid', k: RESULTS_PER_SEARCH }));
    const tracked = stopTracking();
    peak.rss = Math.max(peak.rss, tracked.rss);
    peak.anonymous = Math.max(peak.anonymous, tracked.anonymous);
    opening.push(opened.ms);
    firstSearch.push(opened.ms + first.ms);
    search = fresh;
  }
  return {
    search: search!,
    peakRssMb: Math.round(peak.rss / MB),
    peakAnonymousMb: Math.round(peak.anonymous / MB),
    figures: {
      reloadMs: Math.round(percentile(opening, 0.5)),
      reloadMaxMs: Math.round(Math.max(...opening)),
      coldFirstSearchMs: Math.round(percentile(firstSearch, 0.5)),
      coldFirstSearchMaxMs: Math.round(Math.max(...firstSearch)),
    },
  };
}

/**
 * The app after a reload: `RELOAD_RUNS` processes, one after another, each opening the
 * `LevelStore` in `storeFolder` (closed here meanwhile: LevelDB admits one process), loading the
 * collection and answering `query` (`reload-process.ts`). Figures as `measureReload`'s, and the
 * highest peak resident memory of those processes.
 */
export async function measureFreshReloads(
  storeFolder: string,
  collectionId: string,
  query: string,
) {
  const reports: ReloadProcessReport[] = [];
  for (let run = 0; run < RELOAD_RUNS; run += 1) {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', RELOAD_PROCESS, storeFolder, collectionId, query],
      { maxBuffer: MB },
    );
    const report = JSON.parse(stdout) as ReloadProcessReport;
    if (report.passages === 0) throw new Error('A reloaded collection answered nothing.');
    reports.push(report);
  }
  const opening = reports.map((report) => report.openMs);
  const firstAnswer = reports.map((report) => report.firstAnswerMs);
  return {
    freshReloadMs: Math.round(percentile(opening, 0.5)),
    freshReloadMaxMs: Math.round(Math.max(...opening)),
    freshFirstSearchMs: Math.round(percentile(firstAnswer, 0.5)),
    freshFirstSearchMaxMs: Math.round(Math.max(...firstAnswer)),
    peakRssFreshReloadMb: highestMb(reports.map((report) => report.peakRssBytes)),
    peakAnonymousFreshReloadMb: highestMb(reports.map((report) => report.peakAnonymousBytes)),
  };
}

function highestMb(bytes: readonly number[]): number {
  return Math.round(Math.max(...bytes) / MB);
}
