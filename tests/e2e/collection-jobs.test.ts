import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useAppSession } from './support/app-session.ts';

/** Enough files that a sync is still running when the test pauses it. */
const BULK_FILE_COUNT = 300;
/** A port nothing listens on: a model host that cannot be reached, on this machine. */
const UNREACHABLE_HOST = 'http://127.0.0.1:9/';

describe('collection jobs in the browser', () => {
  const ui = useAppSession({
    name: 'jobs',
    addLibrary: false,
    prepare: async (workspace) => {
      await mkdir(join(workspace, 'bulk'));
      for (let index = 1; index <= BULK_FILE_COUNT; index += 1) {
        await writeFile(
          join(workspace, 'bulk', `note-${String(index).padStart(3, '0')}.md`),
          `# Note ${index}\n\nThe keeper logged tide ${index} and the wind at dawn.\n`,
        );
      }
    },
  });

  test('says a model download failed and keeps the collection on its model', async () => {
    await ui.app.openLibrary(ui.baseUrl);
    await ui.app.addFolderWithInput(ui.library);
    const card = ui.app.collectionCard('library');
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
    await ui.app.goToSearch();
    const results = await ui.app.search('How long is the sediment core VH-7?');
    expect(await results.first().textContent()).toContain('312 metres long');
  });

  test('tells that a sync was interrupted by a reload, and resumes it', async () => {
    const { page } = ui;
    await ui.app.openLibrary(ui.baseUrl);
    await page.getByTestId('folder-input').setInputFiles(join(ui.workspace, 'bulk'));
    const job = page.getByTestId('sync-job').filter({ hasText: 'bulk' });
    await job.getByRole('button', { name: 'Pause' }).click({ timeout: 60_000 });
    await job.getByRole('heading', { name: 'Paused “bulk”' }).waitFor({ timeout: 60_000 });
    await page.reload();
    const card = ui.app.collectionCard('bulk');
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
    await (await chooser).setFiles(join(ui.workspace, 'bulk'));
    const resumed = page.getByTestId('sync-job').filter({ hasText: 'bulk' });
    await resumed.and(page.locator('[data-status="done"]')).waitFor({ timeout: 120_000 });
    await expect
      .poll(() => card.getByTestId('collection-counts').textContent())
      .toMatch(new RegExp(`^${BULK_FILE_COUNT} files`));
    expect(await notice.count()).toBe(0);
  });
});
