/**
 * The disk fills up during a sync: Chromium is given a quota just above what the origin already
 * uses (DevTools' `Storage.overrideQuotaForOrigin`; the browser's own enforcement then aborts
 * IndexedDB transactions with QuotaExceededError). IndexedDB asks for the quota once per browser
 * run, so the browser is opened again on the same profile with the quota set before the app
 * loads (after a visit in between, as the second run of a profile grows Cache Storage by about
 * 1 MB). The sync stops with a clear message, what was committed stays consistent and
 * searchable, and once there is room again Resume finishes it with the chunks of a clean ingest.
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CDPSession } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { chunkKeys, noteName, SKIPPED_FILES, writeNotesFolder } from '../support/notes-folder.ts';
import { AppPage } from './support/app-page.ts';
import { expectNothingOffDevice, launchBrowser, type BrowserSession } from './support/browser.ts';
import { reportFailure } from './support/failure-report.ts';
import { expectConsistent, resumeWithInput, storedCollection } from './support/stored-library.ts';

const FIXTURE_LIBRARY = resolve(import.meta.dirname, '../fixtures/library');
const NOTES = 200;
/** Room left above the origin's usage when the notes sync starts. */
const ROOM_BYTES = 512 * 1024;

describe('the disk fills up during a sync', () => {
  const baseUrl = inject('baseUrl');
  let session: BrowserSession;
  let app: AppPage;
  let cdp: CDPSession;
  let workspace: string;
  /** What the origin used after the first visit. */
  let usage: number;
  const origin = new URL(baseUrl).origin;

  beforeAll(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'archivist-e2e-full-'));
    await cp(FIXTURE_LIBRARY, join(workspace, 'library'), { recursive: true });
    await writeNotesFolder(join(workspace, 'notes'), NOTES);
    const profile = join(workspace, 'profile');
    await mkdir(profile);
    // First visit: the app stored for offline use, the model loaded and a library indexed.
    const first = await launchBrowser({ profile });
    const firstApp = new AppPage(first.page);
    await firstApp.openLibrary(baseUrl);
    await first.page.getByTestId('offline-ready').waitFor({ timeout: 60_000 });
    await firstApp.addFolderWithInput(join(workspace, 'library'));
    await first.close();
    const second = await launchBrowser({ profile });
    await new AppPage(second.page).openLibrary(baseUrl);
    await second.page.getByTestId('collection-card').waitFor();
    usage = await second.page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    await second.close();

    session = await launchBrowser({ profile });
    cdp = await session.context.newCDPSession(session.page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: usage + ROOM_BYTES });
    app = new AppPage(session.page);
    await app.openLibrary(baseUrl);
  });

  afterEach(async ({ task }) => {
    await reportFailure(task, session);
    expectNothingOffDevice(session);
  });

  afterAll(async () => {
    await session?.close();
    await rm(workspace, { recursive: true, force: true });
  });

  // One story, as each step needs the one before: the disk fills, the app goes on, room returns.
  test('stops the sync with a clear message, still searches what it kept, and resumes once there is room', async () => {
    const { page } = session;
    await page.getByTestId('folder-input').setInputFiles(join(workspace, 'notes'));
    const job = page.getByTestId('sync-job').filter({ hasText: 'notes' });
    await job.and(page.locator('[data-status="failed"]')).waitFor({ timeout: 120_000 });
    const message = await job.getByRole('alert').textContent();
    expect(message).toBe(
      'The browser has no storage space left for Archivist. Free disk space or remove a collection, then resume.',
    );
    const stored = await storedCollection(page, 'notes');
    expectConsistent(stored);
    expect(stored.files.length).toBeGreaterThan(SKIPPED_FILES + 3);
    expect(stored.files.length).toBeLessThan(NOTES + SKIPPED_FILES);
    await app.collectionCard('notes').getByTestId('sync-interrupted').waitFor();
    console.log(
      `[figures] storage full: quota = usage ${usage} B + ${ROOM_BYTES} B; the sync stopped after ${stored.files.length} of ${NOTES + SKIPPED_FILES} files (${stored.fileCount} indexed, ${stored.chunkKeys.length} chunks, ${stored.vectorIds.length} vectors, ${stored.distinctChunkIds} distinct ids)`,
    );

    // Still searches what was indexed while the disk is full.
    await app.goToSearch();
    const results = await app.search('How long is the sediment core VH-7?');
    expect(await results.first().textContent()).toContain('312 metres long');
    const note = await app.search('zq3', 'Keyword');
    expect(await note.first().getByRole('button').textContent()).toContain(noteName(3));

    // Finishes the sync with Resume once there is room again.
    await cdp.send('Storage.overrideQuotaForOrigin', { origin });
    await app.openLibrary(baseUrl);
    await resumeWithInput(session.page, 'notes', join(workspace, 'notes'));
    const after = await storedCollection(session.page, 'notes');
    expectConsistent(after);
    expect(after.files).toHaveLength(NOTES + SKIPPED_FILES);
    expect(after.chunkKeys).toEqual(await chunkKeys(join(workspace, 'notes')));
    console.log(
      `[figures] storage full: after Resume ${after.files.length} files, ${after.chunkKeys.length} chunks (${after.distinctChunkIds} distinct), as the clean ingest`,
    );
  });
});
