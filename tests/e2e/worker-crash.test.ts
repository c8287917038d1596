/**
 * The library worker stops in the middle of a sync (ended from inside with `self.close()`, which
 * the page is not told about, as with a crash): the page notices, says so, rejects the sync with
 * `WorkerCrashedError`, starts a new worker, and the app goes on: search works, and the sync can
 * be resumed with the chunks of a clean ingest.
 */
import { join } from 'node:path';
import type { Page, Worker } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { chunkKeys, writeNotesFolder } from '../support/notes-folder.ts';
import {
  expectConsistent,
  resumeWithInput,
  storedCollection,
  waitForFilesDone,
} from './support/stored-library.ts';
import { useAppSession } from './support/app-session.ts';

const NOTES = 300;

function libraryWorkers(page: Page): Worker[] {
  return page.workers().filter((worker) => worker.url().includes('library.worker'));
}

describe('the library worker stops', () => {
  const ui = useAppSession({
    name: 'crash',
    prepare: (workspace) => writeNotesFolder(join(workspace, 'notes'), NOTES),
  });

  // One story, as the second half needs the first: the worker stops, then the app goes on.
  test('is noticed, reported and restarted; the sync in flight fails; then search and Resume work', async () => {
    const { page } = ui;
    const [first] = libraryWorkers(page);
    expect(first).toBeDefined();
    await page.getByTestId('folder-input').setInputFiles(join(ui.workspace, 'notes'));
    const job = page.getByTestId('sync-job').filter({ hasText: 'notes' });
    await waitForFilesDone(job, 20);

    const stoppedAt = Date.now();
    await first!.evaluate(() => self.close()).catch(() => undefined);
    const notice = page.getByTestId('worker-notice');
    await notice.waitFor({ timeout: 10_000 });
    const noticedMs = Date.now() - stoppedAt;
    expect(await notice.getAttribute('data-error')).toBe('WorkerCrashedError');
    expect(await notice.textContent()).toContain(
      'The background worker stopped; Archivist restarted it.',
    );
    await job.and(page.locator('[data-status="failed"]')).waitFor();
    expect(await job.getByRole('alert').textContent()).toContain('The background worker stopped');
    await expect
      .poll(() => libraryWorkers(page).filter((worker) => worker !== first).length)
      .toBe(1);
    console.log(`[figures] worker stopped: noticed and restarted within ${noticedMs} ms`);

    // It keeps working after the restart: search, then Resume with nothing lost or doubled.
    await ui.app.goToSearch();
    const results = await ui.app.search('How long is the sediment core VH-7?');
    expect(await results.first().textContent()).toContain('312 metres long');

    await ui.app.openLibrary(ui.baseUrl);
    await ui.app.collectionCard('notes').getByTestId('sync-interrupted').waitFor();
    const before = await storedCollection(ui.page, 'notes');
    expectConsistent(before);
    await resumeWithInput(ui.page, 'notes', join(ui.workspace, 'notes'));
    const after = await storedCollection(ui.page, 'notes');
    expectConsistent(after);
    expect(after.chunkKeys).toEqual(await chunkKeys(join(ui.workspace, 'notes')));
    console.log(
      `[figures] worker stopped: ${before.files.length} files and ${before.chunkKeys.length} chunks stored at the stop; after Resume ${after.files.length} files, ${after.chunkKeys.length} chunks (${after.distinctChunkIds} distinct), as the clean ingest`,
    );
  });
});
