import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { AppPage } from '../../tests/e2e/support/app-page.ts';
import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import {
  syncShown,
  interactionsBetween,
  interactUntil,
  watchInteractions,
} from '../../tests/e2e/support/interaction-timing.ts';
import {
  figures,
  longTasksBetween,
  markIdle,
  watchLongTasks,
  type LongTask,
} from '../../tests/e2e/support/long-tasks.ts';
import { startPreview } from '../../tests/e2e/support/preview-server.ts';
import { positiveWholeNumber } from '../eval/dataset-options.ts';
import { writeNotesFolder } from '../../tests/support/notes-folder.ts';
import { readSourcePassages, writeScaleFolder } from '../fixtures/scale-folder.ts';
import { collectGarbageEverywhere } from './collect-garbage.ts';
import { processTreePssMb, trackPeakTreePss } from './process-memory.ts';
import { readQueries } from './scale-queries.ts';
import { timedSearch, type SearchTiming } from './search-timing.ts';
import { percentile, rounded } from './timing.ts';

/** The longest any one step of the bench may take (a 50,000-chunk sync takes minutes). */
const STEP_TIMEOUT = 60 * 60 * 1000;
/** The long tasks listed with the scripts that ran in them. */
const LISTED_TASKS = 5;

/**
 * `bench ui [--files 5000] [--folder scale|notes] [--docs DIR] [--questions DIR] [--queries 20]
 * [--seed 1]`: the production build (`dist/`, or `ARCHIVIST_DIST`) in headless Chromium.
 * Generates the scale folder (scripts/fixtures/scale-folder.ts, 10 chunks a file) or, with
 * `--folder notes`, that many small notes (tests/support/notes-folder.ts, 1-5 paragraphs, about 3
 * chunks a file, and two files that are skipped), opens the app and waits for its service worker
 * to be installed (the first visit's precache, timed on its own: a sync begun beside it shared
 * the machine with it), adds the folder through the folder input
 * and, while it is indexed, switches between the Library and Search views and types in the
 * search box over and over (tests/e2e/support/interaction-timing.ts). Reports the long tasks on
 * the page's main thread while the folder is picked (Chromium builds the input's file list) and
 * while it is indexed, the time from each input to the next frame, the sync's summary, then
 * reloads the page and times the first search (the worker loads the collection from IndexedDB)
 * and `--queries` searches after it, each timed in the page from Enter to the frame after the
 * results heading (scripts/bench/search-timing.ts; the bench's own clock, Playwright's round trips
 * included, beside it). Memory is the browser's PSS summed over its processes, after the sync and
 * after the searches read both as it is and after a full garbage collection in every page and
 * worker (`Live`: what the app holds; Chromium collects lazily when memory is plentiful).
 */
export async function runUiBench(args: string[]): Promise<Record<string, unknown>> {
  const { values } = parseArgs({
    args,
    options: {
      files: { type: 'string', default: '5000' },
      folder: { type: 'string', default: 'scale' },
      docs: { type: 'string', default: '../shared/eval/dev/docs' },
      questions: { type: 'string' },
      queries: { type: 'string', default: '20' },
      seed: { type: 'string', default: '1' },
    },
  });
  const files = positiveWholeNumber('files', values.files);
  if (values.folder !== 'scale' && values.folder !== 'notes') {
    throw new Error(`--folder is "scale" or "notes", not "${values.folder}"`);
  }
  const log = (message: string) => console.error(`[bench ui] ${message}`);
  const queries = await readQueries(
    values.questions ?? dirname(resolve(values.docs)),
    positiveWholeNumber('queries', values.queries) + 1,
  );
  const workspace = await mkdtemp(join(tmpdir(), 'archivist-ui-bench-'));
  const folder = join(workspace, 'scale');
  const profile = join(workspace, 'profile');
  const server = await startPreview();
  try {
    const written =
      values.folder === 'notes'
        ? await writeNotes(folder, files)
        : await writeScaleFolder(folder, await readSourcePassages(values.docs), {
            files,
            seed: positiveWholeNumber('seed', values.seed),
          });
    log(`${files} files, ${rounded(written.bytes / 1024 / 1024, 1)} MB in ${folder}`);
    const session = await launchBrowser({ profile });
    try {
      const { page } = session;
      page.setDefaultTimeout(STEP_TIMEOUT);
      await watchLongTasks(session.context);
      await watchInteractions(session.context);
      const app = new AppPage(page);
      await app.openLibrary(server.url);
      const precacheMs = await app.serviceWorkerReady();
      const memoryBefore = await processTreePssMb(profile);

      const picked = await markIdle(page);
      const stopTracking = trackPeakTreePss(profile);
      const sync = app.addFolderWithInput(folder, STEP_TIMEOUT);
      await syncShown(page);
      const from = await page.evaluate(() => performance.now());
      const summary = await interactUntil(page, sync);
      const peakMb = await stopTracking();
      const to = await markIdle(page);
      log(`synced: ${summary}`);
      // The sync's own time, as the app measured it (its summary rounds it to seconds).
      const syncSeconds = await syncDurationSeconds(page);
      const pick = await longTasksBetween(page, picked, from);
      const indexing = await longTasksBetween(page, from, to);
      const inputs = await interactionsBetween(page, from, to);
      const memoryAfter = await processTreePssMb(profile);
      const liveAfter = await liveMemoryMb(page, profile);

      const searches = await measureSearches(page, app, server.url, queries);
      log(`searched: ${JSON.stringify(searches)}`);
      const memoryAfterSearches = await processTreePssMb(profile);
      return {
        files,
        folder: values.folder,
        folderMb: rounded(written.bytes / 1024 / 1024, 1),
        summary,
        precacheMs,
        syncSeconds: rounded(syncSeconds, 1),
        chunksPerSecond: Math.round(chunksIn(summary) / syncSeconds),
        pick: figures(pick),
        indexing: { observedSeconds: rounded((to - from) / 1000, 1), ...figures(indexing) },
        indexingOver100Ms: indexing.filter((task) => task.duration > 100).length,
        longestIndexingTasks: describe(indexing),
        inputs,
        ...searches,
        browserPssBeforeMb: memoryBefore,
        browserPssPeakMb: peakMb,
        browserPssAfterSyncMb: memoryAfter,
        browserPssAfterSyncLiveMb: liveAfter,
        browserPssAfterSearchesMb: memoryAfterSearches,
        browserPssAfterSearchesLiveMb: await liveMemoryMb(page, profile),
      };
    } finally {
      await session.close();
    }
  } finally {
    await server.close();
    await rm(workspace, { recursive: true, force: true });
  }
}

/**
 * Reloads the page, then times the first search, typed as soon as the Search view shows (the
 * worker is still loading the collection it began to load when the app opened), from Enter and
 * from the reload, and `queries.length - 1` more, with the long tasks meanwhile.
 */
async function measureSearches(page: Page, app: AppPage, baseUrl: string, queries: string[]) {
  const reloadStart = performance.now();
  await page.reload();
  await app.openLibrary(baseUrl);
  await app.goToSearch();
  await page.getByRole('radio', { name: 'Hybrid' }).check();
  const from = await markIdle(page);
  const [first, ...rest] = queries;
  const cold = await timedSearch(page, first!);
  const reloadToFirstResultsMs = Math.round(performance.now() - reloadStart);
  const loaded = await markIdle(page);
  const warm: SearchTiming[] = [];
  for (const query of rest) warm.push(await timedSearch(page, query));
  const to = await markIdle(page);
  const inPage = warm.map((timing) => timing.pageMs);
  const shown = warm.map((timing) => timing.shownMs);
  const seenByBench = warm.map((timing) => timing.benchMs);
  return {
    coldFirstSearchMs: Math.round(cold.pageMs),
    reloadToFirstResultsMs,
    coldFirstSearchLongTasks: figures(await longTasksBetween(page, from, loaded)),
    searchP50Ms: Math.round(percentile(inPage, 0.5)),
    searchP95Ms: Math.round(percentile(inPage, 0.95)),
    searchMaxMs: Math.round(Math.max(...inPage)),
    searchShownP50Ms: Math.round(percentile(shown, 0.5)),
    searchShownP95Ms: Math.round(percentile(shown, 0.95)),
    searchWithPlaywrightP50Ms: Math.round(percentile(seenByBench, 0.5)),
    searchWithPlaywrightP95Ms: Math.round(percentile(seenByBench, 0.95)),
    searchLongTasks: figures(await longTasksBetween(page, loaded, to)),
  };
}

/**
 * The browser's PSS after a full garbage collection in the page and all its workers: the memory
 * the app holds, where the plain reading also counts what V8 has not collected yet.
 */
async function liveMemoryMb(page: Page, profile: string): Promise<number> {
  await collectGarbageEverywhere(page);
  return processTreePssMb(profile);
}

/** The longest tasks, with the scripts that ran in them. */
function describe(tasks: readonly LongTask[]): string[] {
  return [...tasks]
    .sort((left, right) => right.duration - left.duration)
    .slice(0, LISTED_TASKS)
    .map(
      (task) =>
        `${Math.round(task.duration)} ms at ${Math.round(task.start)} ms: ${task.scripts.slice(0, 2).join('; ') || 'no script attributed'}`,
    );
}

/** Writes `count` small notes (and the two files a sync skips); returns their bytes. */
async function writeNotes(folder: string, count: number): Promise<{ bytes: number }> {
  await writeNotesFolder(folder, count);
  const names = await readdir(folder);
  const sizes = await Promise.all(names.map(async (name) => (await stat(join(folder, name))).size));
  return { bytes: sizes.reduce((sum, size) => sum + size, 0) };
}

/** The chunk count of a sync's summary ("… — 50,159 chunks in 35 s"). */
function chunksIn(summary: string): number {
  const match = /([\d,]+) chunks? in/.exec(summary);
  if (!match) throw new Error(`no chunk count in the sync's summary "${summary}"`);
  return Number(match[1]!.replaceAll(',', ''));
}

/** The duration of the last sync, from its summary's `<time datetime="PT…S">`. */
async function syncDurationSeconds(page: Page): Promise<number> {
  const times = page.getByTestId('sync-summary').locator('time');
  const datetime = (await times.last().getAttribute('datetime')) ?? '';
  const match = /^PT([\d.]+)S$/.exec(datetime);
  if (!match) throw new Error(`the sync's summary gives no duration ("${datetime}")`);
  return Number(match[1]);
}
