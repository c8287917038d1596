import { copyFile, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { AppPage } from '../../tests/e2e/support/app-page.ts';
import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import { startPreview } from '../../tests/e2e/support/preview-server.ts';
import { PARSE_WORKERS_SETTING } from '../../src/app/parse-workers.ts';
import { positiveWholeNumber } from '../eval/dataset-options.ts';
import { rounded } from './timing.ts';

/** The longest one sync of the folder may take before the bench calls it hung. */
const SYNC_TIMEOUT = 10 * 60 * 1000;

/**
 * `bench parse-pool [--docs ../shared/realdocs] [--pdfs 37] [--workers 1,2] [--repeat 3]`: the
 * production build (`dist/`, or `ARCHIVIST_DIST`) in headless Chromium. A folder of the first
 * `--pdfs` PDFs of `<docs>/pdf` (by name) and every file of `<docs>/images` is added through the
 * folder input, with the pool of parse workers set to each size of `--workers` (the
 * `parse-workers` setting, written to IndexedDB before the sync), `--repeat` times each in a fresh
 * profile, sizes taking turns so that a change of the machine's load falls on all of them.
 * Reports the wall time from picking the folder to the sync's end, the parse workers started, and
 * the machine's 1-minute load average when each run began.
 */
export async function runParsePoolBench(args: string[]): Promise<Record<string, unknown>> {
  const { values } = parseArgs({
    args,
    options: {
      docs: { type: 'string', default: '../shared/realdocs' },
      pdfs: { type: 'string', default: '37' },
      workers: { type: 'string', default: '1,2' },
      repeat: { type: 'string', default: '3' },
    },
  });
  const sizes = values.workers.split(',').map((size) => positiveWholeNumber('workers', size));
  const repeat = positiveWholeNumber('repeat', values.repeat);
  const log = (message: string) => console.error(`[bench parse-pool] ${message}`);
  const workspace = await mkdtemp(join(tmpdir(), 'archivist-parse-pool-bench-'));
  const server = await startPreview();
  try {
    const folder = join(workspace, 'documents');
    const files = await writeFolder(folder, values.docs, positiveWholeNumber('pdfs', values.pdfs));
    log(`${files.count} files, ${rounded(files.bytes / 1024 / 1024, 2)} MB in ${folder}`);
    const runs: { workers: number; started: number; seconds: number; load: number }[] = [];
    let summary = '';
    for (let round = 0; round < repeat; round += 1) {
      for (const workers of sizes) {
        const load = rounded(loadavg()[0]!, 2);
        const run = await syncOnce(server.url, folder, workers);
        log(
          `${workers} worker(s) (${run.started} started), run ${round + 1}: ${run.seconds} s (load ${load}): ${run.summary}`,
        );
        runs.push({ workers, started: run.started, seconds: run.seconds, load });
        summary = run.summary;
      }
    }
    return {
      files: files.count,
      folderMb: rounded(files.bytes / 1024 / 1024, 2),
      cores: availableParallelism(),
      ...Object.fromEntries(
        sizes.map((workers) => {
          const seconds = runs.filter((run) => run.workers === workers).map((run) => run.seconds);
          return [
            `workers${workers}Seconds`,
            { min: Math.min(...seconds), max: Math.max(...seconds), runs: seconds },
          ];
        }),
      ),
      summary,
      runs,
    };
  } finally {
    await server.close();
    await rm(workspace, { recursive: true, force: true });
  }
}

/** Copies the PDFs and images into `folder`; their number and bytes. */
async function writeFolder(
  folder: string,
  docs: string,
  pdfs: number,
): Promise<{ count: number; bytes: number }> {
  await mkdir(folder, { recursive: true });
  const pdfNames = (await readdir(join(docs, 'pdf'))).filter((name) => name.endsWith('.pdf'));
  const sources = [
    ...pdfNames
      .sort()
      .slice(0, pdfs)
      .map((name) => join(docs, 'pdf', name)),
    ...(await readdir(join(docs, 'images'))).sort().map((name) => join(docs, 'images', name)),
  ];
  let bytes = 0;
  for (const source of sources) {
    const name = source.slice(source.lastIndexOf('/') + 1);
    await copyFile(source, join(folder, name));
    bytes += (await stat(source)).size;
  }
  return { count: sources.length, bytes };
}

/** One sync of `folder` in a fresh browser with a pool of `workers`. */
async function syncOnce(
  baseUrl: string,
  folder: string,
  workers: number,
): Promise<{ seconds: number; summary: string; started: number }> {
  const session = await launchBrowser();
  let started = 0;
  session.page.on('worker', (worker) => {
    if (/\/parse\.worker-[\w-]+\.js$/.test(worker.url())) started += 1;
  });
  try {
    const app = new AppPage(session.page);
    await app.openLibrary(baseUrl);
    await app.serviceWorkerReady();
    await setParseWorkers(session.page, workers);
    const start = performance.now();
    const summary = await app.addFolderWithInput(folder, SYNC_TIMEOUT);
    return { seconds: rounded((performance.now() - start) / 1000, 2), summary, started };
  } finally {
    await session.close();
  }
}

/**
 * Writes the `parse-workers` setting into the app's database once the library worker has made it
 * with its stores (opening it before would create it without them), looking every 50 ms until
 * then. (`waitForFunction` would not do: it takes the promise of an async check for true.)
 */
async function setParseWorkers(page: Page, workers: number): Promise<void> {
  await page.evaluate(
    async ([key, size]) => {
      for (;;) {
        const listed = (await indexedDB.databases()).find(({ name }) => name === 'archivist');
        // No named functions in here: the bundler's name helper does not exist in the page.
        const database = listed?.version
          ? await new Promise<IDBDatabase>((resolve, reject) => {
              const request = indexedDB.open('archivist', listed.version);
              request.onsuccess = () => resolve(request.result);
              request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
            })
          : undefined;
        if (database?.objectStoreNames.contains('settings')) {
          await new Promise<void>((resolve, reject) => {
            const transaction = database.transaction('settings', 'readwrite');
            transaction.objectStore('settings').put(size, key);
            transaction.oncomplete = () => resolve();
            transaction.onerror = () => reject(transaction.error ?? new Error('not written'));
          });
          database.close();
          return;
        }
        database?.close();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    [PARSE_WORKERS_SETTING, workers] as const,
  );
}
