/**
 * A sync stopped half way by a reload, or by closing the tab and opening a new one on the same
 * profile, then resumed from the collection: afterwards every file of the folder is stored once
 * and the chunks are exactly those a clean ingest of the folder makes (the Node ingest with the
 * app's parsers and chunker), none twice, each with its vector.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { chunkKeys, SKIPPED_FILES, writeNotesFolder } from '../support/notes-folder.ts';
import { AppPage } from './support/app-page.ts';
import { expectNothingOffDevice, launchBrowser, type BrowserSession } from './support/browser.ts';
import { reportFailure } from './support/failure-report.ts';
import {
  expectConsistent,
  filesDone,
  resumeWithInput,
  storedCollection,
  waitForFilesDone,
} from './support/stored-library.ts';

/** Notes in the folder: enough that the sync is still running when the test interrupts it. */
const NOTES = 400;
/** Files done when the test interrupts the sync. */
const INTERRUPT_AT = 60;

describe('a sync interrupted half way', () => {
  const baseUrl = inject('baseUrl');
  let session: BrowserSession;
  /** The page in use (the test closes the first one). */
  let page: Page;
  let workspace: string;
  let expected: string[];

  beforeAll(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'archivist-e2e-interrupted-'));
    await writeNotesFolder(join(workspace, 'reloaded'), NOTES);
    await cp(join(workspace, 'reloaded'), join(workspace, 'closed'), { recursive: true });
    expected = await chunkKeys(join(workspace, 'reloaded'));
    session = await launchBrowser();
    page = session.page;
    await new AppPage(page).openLibrary(baseUrl);
  });

  afterEach(async ({ task }) => {
    await reportFailure(task, session && { ...session, page });
    expectNothingOffDevice(session);
  });

  afterAll(async () => {
    await session?.close();
    await rm(workspace, { recursive: true, force: true });
  });

  /** Starts syncing `name` and resolves its job once `INTERRUPT_AT` files are done. */
  async function syncUntilHalfWay(name: string) {
    await new AppPage(page).openLibrary(baseUrl);
    await page.getByTestId('folder-input').setInputFiles(join(workspace, name));
    const job = page.getByTestId('sync-job').filter({ hasText: name });
    await waitForFilesDone(job, INTERRUPT_AT);
    return job;
  }

  /** Checks the notice, resumes, and compares what is stored with a clean ingest. */
  async function resumeAndCompare(name: string, interruptedAfter: number) {
    const app = new AppPage(page);
    const notice = app.collectionCard(name).getByTestId('sync-interrupted');
    await notice.waitFor();
    const noticed = /(\d+) of ([\d,]+) files done/.exec((await notice.textContent()) ?? '');
    expect(Number(noticed?.[2]?.replace(/,/g, ''))).toBe(NOTES + SKIPPED_FILES);
    const before = await storedCollection(page, name);
    expectConsistent(before);
    expect(before.files.length).toBeGreaterThanOrEqual(INTERRUPT_AT);
    expect(before.files.length).toBeLessThan(NOTES + SKIPPED_FILES);

    await resumeWithInput(page, name, join(workspace, name));
    const after = await storedCollection(page, name);
    expectConsistent(after);
    expect(after.files).toHaveLength(NOTES + SKIPPED_FILES);
    expect(after.files.filter((file) => file.status === 'skipped')).toHaveLength(SKIPPED_FILES);
    expect(after.chunkKeys).toEqual(expected);
    expect(await notice.count()).toBe(0);
    console.log(
      `[figures] ${name}: interrupted with ${interruptedAfter} files shown done, ${before.files.length} files and ${before.chunkKeys.length} chunks stored; after Resume ${after.files.length} files (${after.fileCount} indexed), ${after.chunkKeys.length} chunks, ${after.distinctChunkIds} distinct ids, ${after.vectorIds.length} vectors; clean Node ingest ${expected.length} chunks`,
    );
  }

  test('resumes after a reload with every file once and the chunks of a clean ingest', async () => {
    const job = await syncUntilHalfWay('reloaded');
    const shown = await filesDone(job);
    await page.reload();
    await resumeAndCompare('reloaded', shown);
  });

  test('resumes in a new tab after the tab that synced was closed', async () => {
    const job = await syncUntilHalfWay('closed');
    const shown = await filesDone(job);
    await page.close();
    page = await session.context.newPage();
    await new AppPage(page).openLibrary(baseUrl);
    await resumeAndCompare('closed', shown);
  });
});
