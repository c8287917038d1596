/**
 * A folder added with the directory picker, as Chromium users add one: the worker lists and reads
 * it through its File System Access handle (`DirectoryHandleSource`), not through picked files.
 * The picker is answered with a copy of the fixture library in the origin private file system,
 * the one folder a page can make handles of itself.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useAppSession } from './support/app-session.ts';

describe('a folder added with the directory picker', () => {
  const ui = useAppSession({ name: 'directory-picker', addLibrary: false });

  test('is indexed through its handle, searched, and re-synced with the handle kept', async () => {
    const entries = await readdir(ui.library, { recursive: true, withFileTypes: true });
    const files = await Promise.all(
      entries
        .filter((entry) => entry.isFile())
        .map(async (entry) => {
          const path = join(entry.parentPath, entry.name);
          return { path: relative(ui.library, path), bytes: [...(await readFile(path))] };
        }),
    );
    await ui.page.evaluate(async (files) => {
      const root = await navigator.storage.getDirectory();
      const top = await root.getDirectoryHandle('library', { create: true });
      for (const { path, bytes } of files) {
        const parts = path.split('/');
        let directory = top;
        for (const part of parts.slice(0, -1)) {
          directory = await directory.getDirectoryHandle(part, { create: true });
        }
        const file = await directory.getFileHandle(parts.at(-1)!, { create: true });
        const writable = await file.createWritable();
        await writable.write(new Uint8Array(bytes));
        await writable.close();
      }
      Object.defineProperty(window, 'showDirectoryPicker', {
        value: () => Promise.resolve(top),
        configurable: true,
      });
    }, files);

    await ui.page.getByRole('button', { name: 'Choose folder…' }).first().click();
    const job = ui.page.getByTestId('sync-job').last();
    await job.and(ui.page.locator('[data-status="done"]')).waitFor({ timeout: 120_000 });
    // As through the folder input (library.test.ts): 10 indexed, 3 skipped, 1 failed.
    const summary = await job.getByTestId('sync-summary').textContent();
    expect(files).toHaveLength(14);
    expect(summary).toContain('10 added');
    expect(summary).toContain('3 skipped');
    expect(summary).toContain('1 failed');
    const counts = ui.app.collectionCard('library').getByTestId('collection-counts');
    await expect.poll(() => counts.textContent()).toMatch(/^10 files · \d+ chunks$/);

    await ui.app.goToSearch();
    const results = await ui.app.search('How long is the sediment core VH-7?');
    expect(await results.first().textContent()).toContain('312 metres long');

    await ui.app.openLibrary(ui.baseUrl);
    const jobs = await ui.page.getByTestId('sync-job').count();
    await ui.page.getByRole('button', { name: 'Re-sync library', exact: true }).click();
    const again = ui.page.getByTestId('sync-job').nth(jobs);
    await again.and(ui.page.locator('[data-status="done"]')).waitFor({ timeout: 120_000 });
    expect(await again.getByTestId('sync-summary').textContent()).toMatch(/unchanged/);
  });
});
