/**
 * Two tabs of Archivist open at once on one profile: both search while one syncs; the other tab
 * does not call that sync interrupted; a sync of the same folder asked for in the second tab waits
 * for the first (a Web Lock) and adds nothing twice; an upgrade of the database from a newer tab
 * is not blocked: every open tab lets go of its connection and says to reload, with the data intact.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { DATABASE_VERSION } from '../../src/adapters/store/schema.ts';
import { chunkKeys, noteName, SKIPPED_FILES, writeNotesFolder } from '../support/notes-folder.ts';
import { AppPage } from './support/app-page.ts';
import {
  expectConsistent,
  readStoredLibrary,
  storedCollection,
  waitForFilesDone,
} from './support/stored-library.ts';
import { useAppSession } from './support/app-session.ts';

const NOTES = 600;

describe('two tabs at once', () => {
  const ui = useAppSession({
    name: 'tabs',
    prepare: (workspace) => writeNotesFolder(join(workspace, 'notes'), NOTES),
  });
  let tabA: Page;
  let tabB: Page;
  let a: AppPage;
  let b: AppPage;

  beforeAll(async () => {
    tabA = ui.page;
    a = ui.app;
    tabB = await ui.browser.context.newPage();
    b = new AppPage(tabB);
    await b.openLibrary(ui.baseUrl);
  });

  test('both search while one syncs, and the same sync asked for in both runs once', async () => {
    await tabA.bringToFront();
    await tabA.getByTestId('folder-input').setInputFiles(join(ui.workspace, 'notes'));
    const jobA = tabA.getByTestId('sync-job').filter({ hasText: 'notes' });
    await waitForFilesDone(jobA, 30);

    // Tab B lists the collection being synced in tab A without calling it interrupted.
    await tabB.bringToFront();
    await tabB.reload();
    await b.openLibrary(ui.baseUrl);
    const cardB = b.collectionCard('notes');
    await cardB.waitFor();
    expect(await cardB.getByTestId('sync-interrupted').count()).toBe(0);

    await tabB.getByTestId('folder-input').setInputFiles(join(ui.workspace, 'notes'));
    const jobB = tabB.getByTestId('sync-job').filter({ hasText: 'notes' });
    await jobB.getByRole('heading', { name: 'Waiting to sync “notes”' }).waitFor();
    expect(await jobA.getAttribute('data-status')).toBe('running');

    for (const app of [b, a]) {
      await app.page.bringToFront();
      await app.goToSearch();
      const results = await app.search('How long is the sediment core VH-7?');
      expect(await results.first().textContent()).toContain('312 metres long');
    }

    await a.openLibrary(ui.baseUrl);
    await tabB.bringToFront();
    await b.openLibrary(ui.baseUrl);
    await jobA.and(tabA.locator('[data-status="done"]')).waitFor({ timeout: 180_000 });
    await jobB.and(tabB.locator('[data-status="done"]')).waitFor({ timeout: 180_000 });
    const summaryB = await jobB.getByTestId('sync-summary').textContent();
    expect(summaryB).not.toContain('added');
    expect(summaryB).toContain(`${NOTES + SKIPPED_FILES} unchanged`);

    const stored = await storedCollection(tabB, 'notes');
    expectConsistent(stored);
    expect(stored.chunkKeys).toEqual(await chunkKeys(join(ui.workspace, 'notes')));
    await b.goToSearch();
    const last = await b.search(`zq${NOTES}`, 'Keyword');
    expect(await last.first().getByRole('button').textContent()).toContain(noteName(NOTES));
    console.log(
      `[figures] two tabs: ${stored.files.length} files, ${stored.chunkKeys.length} chunks (${stored.distinctChunkIds} distinct) after syncing the same folder in both; tab B: ${summaryB}`,
    );
  });
});

describe('two tabs when a newer tab upgrades the database', () => {
  // A session of its own: after the upgrade no tab of this profile can open the database again.
  const ui = useAppSession({ name: 'tabs-upgrade' });
  let tabA: Page;
  let tabB: Page;
  let a: AppPage;

  beforeAll(async () => {
    tabA = ui.page;
    a = ui.app;
    tabB = await ui.browser.context.newPage();
    await new AppPage(tabB).openLibrary(ui.baseUrl);
  });

  test('an upgrade from a newer tab is not blocked: the open tabs let go and say to reload', async () => {
    const before = await readStoredLibrary(tabB);
    const chunksBefore = before.reduce((sum, collection) => sum + collection.chunkKeys.length, 0);
    expect(chunksBefore).toBeGreaterThan(0);
    // A newer version of the app opening the database, as simulated from a third tab.
    const tabC = await ui.browser.context.newPage();
    await tabC.goto(`${ui.baseUrl}#/library`);
    await new AppPage(tabC).openLibrary(ui.baseUrl);
    const upgrade = await tabC.evaluate(async (version) => {
      const started = performance.now();
      let blocked = false;
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('archivist', version);
        request.onblocked = () => (blocked = true);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const chunks = await new Promise<number>((resolve, reject) => {
        const request = database.transaction('chunkGroups').objectStore('chunkGroups').getAll();
        request.onsuccess = () =>
          resolve(
            (request.result as { chunks: unknown[] }[]).reduce(
              (sum, row) => sum + row.chunks.length,
              0,
            ),
          );
        request.onerror = () => reject(request.error);
      });
      database.close();
      return { blocked, chunks, ms: Math.round(performance.now() - started) };
    }, DATABASE_VERSION + 1);
    expect(upgrade.blocked).toBe(false);

    for (const tab of [tabA, tabB]) {
      const notice = tab.getByTestId('worker-notice');
      await notice.waitFor();
      expect(await notice.getAttribute('data-error')).toBe('DatabaseClosedError');
      expect(await notice.textContent()).toContain('Archivist was updated in another tab');
    }
    expect(upgrade.chunks).toBe(chunksBefore);

    // A call in the older tab now fails at once with the same message instead of hanging.
    await tabA.bringToFront();
    await a.goToSearch();
    const box = tabA.getByRole('searchbox', { name: 'Search your documents' });
    await box.fill('sediment core');
    await box.press('Enter');
    await tabA
      .getByRole('alert')
      .filter({ hasText: 'Archivist was updated in another tab' })
      .nth(1)
      .waitFor();
    console.log(
      `[figures] upgrade from another tab: not blocked, opened in ${upgrade.ms} ms with ${upgrade.chunks} chunks intact`,
    );
  });
});
