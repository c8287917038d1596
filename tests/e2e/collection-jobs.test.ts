import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { AppPage } from './support/app-page.ts';
import { reportFailure } from './support/failure-report.ts';
import { launchBrowser, requestsOffDevice, type BrowserSession } from './support/browser.ts';

const FIXTURE_LIBRARY = resolve(import.meta.dirname, '../fixtures/library');
/** Enough files that a sync is still running when the test pauses it. */
const BULK_FILE_COUNT = 300;
/** A port nothing listens on: a model host that cannot be reached, on this machine. */
const UNREACHABLE_HOST = 'http://127.0.0.1:9/';

describe('collection jobs in the browser', () => {
  const baseUrl = inject('baseUrl');
  let session: BrowserSession;
  let app: AppPage;
  let workspace: string;

  beforeAll(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'archivist-e2e-jobs-'));
    await cp(FIXTURE_LIBRARY, join(workspace, 'library'), { recursive: true });
    await mkdir(join(workspace, 'bulk'));
    for (let index = 1; index <= BULK_FILE_COUNT; index += 1) {
      await writeFile(
        join(workspace, 'bulk', `note-${String(index).padStart(3, '0')}.md`),
        `# Note ${index}\n\nThe keeper logged tide ${index} and the wind at dawn.\n`,
      );
    }
    session = await launchBrowser();
    app = new AppPage(session.page);
    await app.openLibrary(baseUrl);
  });

  afterEach(({ task }) => reportFailure(task, session));

  afterAll(async () => {
    await session?.close();
    await rm(workspace, { recursive: true, force: true });
  });

  test('says a model download failed and keeps the collection on its model', async () => {
    await app.addFolderWithInput(join(workspace, 'library'));
    const card = app.collectionCard('library');
    const model = card.getByTestId('collection-model');
    const before = await model.textContent();
    expect(before).toContain('Built-in');
    await card.getByRole('button', { name: 'Change the embedding model of library' }).click();
    const select = card.getByTestId('model-select');
    expect(await select.locator('option').allTextContents()).toEqual([
      'BGE small (English, 384-d) · 33 MB download',
      'MiniLM L6 (English, 384-d) · 22 MB download',
    ]);
    await card.getByRole('textbox', { name: 'Model host' }).fill(UNREACHABLE_HOST);
    await card.getByRole('button', { name: 'Re-embed' }).click();
    const failure = card.getByRole('alert');
    await failure.waitFor({ timeout: 60_000 });
    expect(await failure.textContent()).toContain('The model could not be loaded');
    expect(await failure.textContent()).toContain(UNREACHABLE_HOST);
    expect(await failure.getByTitle('EmbedderLoadError').count()).toBe(1);
    expect(await model.textContent()).toBe(before);
    await app.goToSearch();
    const results = await app.search('How long is the sediment core VH-7?');
    expect(await results.first().textContent()).toContain('312 metres long');
    await app.openLibrary(baseUrl);
  });

  test('tells that a sync was interrupted by a reload, and resumes it', async () => {
    const { page } = session;
    await page.getByTestId('folder-input').setInputFiles(join(workspace, 'bulk'));
    const job = page.getByTestId('sync-job').filter({ hasText: 'bulk' });
    await job.getByRole('button', { name: 'Pause' }).click({ timeout: 60_000 });
    await job.getByRole('heading', { name: 'Paused “bulk”' }).waitFor({ timeout: 60_000 });
    await page.reload();
    const card = app.collectionCard('bulk');
    const notice = card.getByTestId('sync-interrupted');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(
      new RegExp(`Indexing was interrupted — \\d+ of ${BULK_FILE_COUNT} files done`),
    );
    expect(await notice.textContent()).toContain('Choose the folder again');

    // As in a browser without a folder picker: Resume opens the folder input.
    await page.evaluate(() =>
      Object.defineProperty(window, 'showDirectoryPicker', { value: undefined }),
    );
    const chooser = page.waitForEvent('filechooser');
    await card.getByRole('button', { name: 'Resume indexing bulk' }).click();
    await (await chooser).setFiles(join(workspace, 'bulk'));
    const resumed = page.getByTestId('sync-job').filter({ hasText: 'bulk' });
    await resumed.and(page.locator('[data-status="done"]')).waitFor({ timeout: 120_000 });
    await expect
      .poll(() => card.getByTestId('collection-counts').textContent())
      .toMatch(new RegExp(`^${BULK_FILE_COUNT} files`));
    expect(await notice.count()).toBe(0);
  });

  test('made no request to any host but this machine', () => {
    expect(requestsOffDevice(session.requests)).toEqual([]);
  });
});
