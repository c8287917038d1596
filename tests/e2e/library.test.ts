import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useAppSession } from './support/app-session.ts';

/** Files in the fixture folder, and how the sync treats them (tests/fixtures/README.md). */
const FILE_COUNT = 14;
const INDEXED_COUNT = 10;
/** A sentence added to one file before the re-sync; it occurs nowhere else. */
const ADDED_SENTENCE = 'The heron nesting camera was installed by Elin Sandvik on 2 May 2024.';

describe('library in the browser', () => {
  // The setup adds the folder through the folder input.
  const ui = useAppSession({ name: 'library' });

  test('adds a folder through the folder input and indexes it, with the built-in model', async () => {
    const summary = ui.librarySummary;
    expect(summary).toContain(`${INDEXED_COUNT} added`);
    expect(summary).toContain('3 skipped');
    expect(summary).toContain('1 failed');
    await ui.app.openLibrary(ui.baseUrl);
    const card = ui.app.collectionCard('library');
    await expect
      .poll(() => card.getByTestId('collection-counts').textContent())
      .toMatch(new RegExp(`^${INDEXED_COUNT} files · \\d+ chunks$`));
    // Served by this machine, as everything is (each test checks that nothing left it).
    expect(ui.browser.requests.some((url) => url.includes('/models/'))).toBe(true);
  });

  test('lists the corrupt file with its reason', async () => {
    await ui.app.openLibrary(ui.baseUrl);
    const issues = await ui.app.fileIssues('library');
    const broken = issues.filter({ hasText: 'broken.pdf' });
    await expect.poll(() => broken.textContent()).toContain('could not be read');
    expect(await broken.getByTitle('CorruptFileError').textContent()).toBe('Damaged');
    expect(await issues.count()).toBe(FILE_COUNT - INDEXED_COUNT);
  });

  test('finds the passage that answers a question and opens it in its document', async () => {
    await ui.app.goToSearch();
    const results = await ui.app.search('How long is the sediment core VH-7?');
    const first = results.first();
    expect(await first.getByRole('button').textContent()).toContain('lake-varnholm-station.md');
    expect(await first.textContent()).toContain('312 metres long');
    const marked = await first.locator('mark').allTextContents();
    expect(marked.map((word) => word.toLowerCase())).toEqual(
      expect.arrayContaining(['sediment', 'core', 'vh', '7']),
    );
    const passage = await ui.app.openResult(first);
    expect(await passage.textContent()).toContain('312 metres long');
    expect(await passage.isVisible()).toBe(true);
    const documentText = await ui.page.getByTestId('document-text').textContent();
    expect(documentText).toContain('Lake Varnholm Research Station');
    expect(documentText).toContain('head of security');
    await ui.page.keyboard.press('Escape');
    await passage.waitFor({ state: 'hidden' });
  });

  test('shows the page of a passage from a PDF', async () => {
    await ui.app.goToSearch();
    const first = (await ui.app.search('Who is the treasurer, Imogen Castellane?')).first();
    expect(await first.getByRole('button').textContent()).toContain('lighthouse-report.pdf');
    expect(await first.textContent()).toContain('page 2');
  });

  test('never runs script from a document', async () => {
    await ui.app.goToSearch();
    const results = await ui.app.search('Silverfoss waterfall');
    expect(await results.first().textContent()).toContain('73 metres');
    const alerts: string[] = [];
    ui.page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await ui.app.openResult(results.first());
    expect(await ui.page.evaluate(() => 'stolen' in window)).toBe(false);
    expect(await ui.page.locator('main img, dialog img').count()).toBe(0);
    expect(alerts).toEqual([]);
    await ui.page.keyboard.press('Escape');
    await ui.page.getByRole('dialog').waitFor({ state: 'hidden' });
  });

  test('keeps the collection searchable after a reload, without indexing again', async () => {
    await ui.app.openLibrary(ui.baseUrl);
    const synced = ui.app.collectionCard('library').getByTestId('collection-synced');
    const syncedBefore = await synced.getAttribute('datetime');
    await ui.page.reload();
    await ui.app.collectionCard('library').waitFor();
    expect(await synced.getAttribute('datetime')).toBe(syncedBefore);
    expect(await ui.page.getByTestId('sync-job').count()).toBe(0);
    await ui.app.goToSearch();
    const results = await ui.app.search('Who founded the Lake Varnholm station?');
    expect(await results.first().textContent()).toContain('Dr. Ingrid Solberg');
    await ui.app.openLibrary(ui.baseUrl);
    expect(await ui.page.getByTestId('sync-job').count()).toBe(0);
    expect(await synced.getAttribute('datetime')).toBe(syncedBefore);
  });

  test('re-indexes only the edited file when the folder is added again', async () => {
    await ui.app.openLibrary(ui.baseUrl);
    await appendFile(
      join(ui.library, 'notes/project-log.md'),
      `\n## 2024-05-02\n\n${ADDED_SENTENCE}\n`,
    );
    const summary = await ui.app.addFolderWithInput(ui.library);
    expect(summary).toContain('1 file re-indexed');
    expect(summary).toContain(`${FILE_COUNT - 1} unchanged`);
    expect(summary).not.toContain('added');
    expect(await ui.page.getByTestId('collection-card').count()).toBe(1);
    await ui.app.goToSearch();
    const results = await ui.app.search('heron nesting camera Elin Sandvik');
    const first = results.first();
    expect(await first.getByRole('button').textContent()).toContain('notes/project-log.md');
    expect(await first.textContent()).toContain('Elin Sandvik');
  });

  test('says how far it got reading the picked files before their sync begins, and stops there on cancel', async () => {
    const { page } = ui;
    await ui.app.openLibrary(ui.baseUrl);
    // Each picked file's date takes 40 ms to read, as a slow disk's would: the page reads them
    // before the worker gets the files (readFileDates).
    await page.evaluate(() => {
      const date = Object.getOwnPropertyDescriptor(File.prototype, 'lastModified')!;
      Object.defineProperty(File.prototype, 'lastModified', {
        configurable: true,
        get(this: File) {
          const end = performance.now() + 40;
          while (performance.now() < end);
          return date.get!.call(this);
        },
      });
      (window as { restoreFileDates?: () => void }).restoreFileDates = () =>
        Object.defineProperty(File.prototype, 'lastModified', date);
    });
    try {
      const input = page.getByTestId('folder-input');
      const jobs = page.getByTestId('sync-job');
      const previous = await jobs.count();
      await input.setInputFiles(ui.library);
      const job = jobs.nth(previous);
      await job.getByRole('heading', { name: 'Reading “library”…' }).waitFor();
      await expect
        .poll(() => job.getByTestId('sync-listing').textContent())
        .toMatch(new RegExp(`^[1-9]\\d* of ${FILE_COUNT} files listed$`));
      await job.and(page.locator('[data-status="done"]')).waitFor();

      await input.setInputFiles(ui.library);
      const cancelled = jobs.nth(previous + 1);
      await cancelled.getByRole('heading', { name: 'Reading “library”…' }).waitFor();
      await cancelled.getByRole('button', { name: 'Cancel' }).click();
      await cancelled.and(page.locator('[data-status="cancelled"]')).waitFor();
    } finally {
      await page.evaluate(() => (window as { restoreFileDates?: () => void }).restoreFileDates?.());
    }
  });

  test('works with the network off after the first visit', async () => {
    const { page } = ui;
    const { context } = ui.browser;
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    try {
      await page.reload();
      await ui.app.goToSearch();
      const results = await ui.app.search('Mirefjell trail length');
      expect(await results.first().textContent()).toContain('14 km');
      const dense = await ui.app.search('Who founded the Lake Varnholm station?', 'Meaning');
      expect(await dense.count()).toBeGreaterThan(0);
    } finally {
      await context.setOffline(false);
    }
  });
});
