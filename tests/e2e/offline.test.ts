/**
 * The installable app offline: after the first visit the service worker has stored the app, its
 * runtime and the built-in embedder, so with the network off a reload still opens the app with
 * its library, and search (which embeds the query on the device) still works. No request of the
 * whole run leaves the machine.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { AppPage } from './support/app-page.ts';
import { launchBrowser, requestsOffDevice, type BrowserSession } from './support/browser.ts';
import { reportFailure } from './support/failure-report.ts';

const FIXTURE_LIBRARY = resolve(import.meta.dirname, '../fixtures/library');

describe('offline', () => {
  const baseUrl = inject('baseUrl');
  let session: BrowserSession;
  let app: AppPage;
  let workspace: string;

  beforeAll(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'archivist-e2e-offline-'));
    await cp(FIXTURE_LIBRARY, join(workspace, 'library'), { recursive: true });
    session = await launchBrowser();
    app = new AppPage(session.page);
    await app.openLibrary(baseUrl);
  });

  afterEach(({ task }) => reportFailure(task, session));

  afterAll(async () => {
    await session?.close();
    await rm(workspace, { recursive: true, force: true });
  });

  test('says when the app is stored for offline use', async () => {
    const notice = session.page.getByTestId('offline-ready');
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.textContent()).toContain('works without a network connection');
    await notice.getByRole('button', { name: 'OK' }).click();
    await notice.waitFor({ state: 'hidden' });
  });

  test('reloads with the network off and still has the library and search', async () => {
    await app.addFolderWithInput(join(workspace, 'library'));
    await session.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await session.context.setOffline(true);
    try {
      await session.page.reload();
      // With a library the app opens on Ask; the collection is listed in the Library view.
      await app.openLibrary(baseUrl);
      await expect
        .poll(() => app.collectionCard('library').getByTestId('collection-counts').textContent())
        .toMatch(/^\d+ files · \d+ chunks$/);
      await app.goToSearch();
      const results = await app.search('How long is the sediment core VH-7?');
      expect(await results.first().textContent()).toContain('312 metres long');
    } finally {
      await session.context.setOffline(false);
    }
  });

  test('made no request to any host but this machine', () => {
    expect(session.requests.length).toBeGreaterThan(0);
    expect(requestsOffDevice(session.requests)).toEqual([]);
  });
});
