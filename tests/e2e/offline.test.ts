/**
 * The installable app offline: after the first visit the service worker has stored the app, its
 * runtime and the built-in embedder, so with the network off a reload still opens the app with
 * its library, and search (which embeds the query on the device) still works. No request leaves
 * the machine (useAppSession checks after each test).
 */
import { describe, expect, test } from 'vitest';
import { useAppSession } from './support/app-session.ts';

describe('offline, on the first visit', () => {
  // A profile of its own: the notice shows once, when the service worker is first installed.
  const ui = useAppSession({ name: 'offline-ready', copyLibrary: false });

  test('says when the app is stored for offline use', async () => {
    const notice = ui.page.getByTestId('offline-ready');
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.textContent()).toContain('works without a network connection');
    await notice.getByRole('button', { name: 'OK' }).click();
    await notice.waitFor({ state: 'hidden' });
  });
});

describe('offline', () => {
  const ui = useAppSession({ name: 'offline' });

  test('reloads with the network off and still has the library and search', async () => {
    await ui.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await ui.browser.context.setOffline(true);
    try {
      await ui.page.reload();
      // With a library the app opens on Ask; the collection is listed in the Library view.
      await ui.app.openLibrary(ui.baseUrl);
      await expect
        .poll(() => ui.app.collectionCard('library').getByTestId('collection-counts').textContent())
        .toMatch(/^\d+ files · \d+ chunks$/);
      await ui.app.goToSearch();
      const results = await ui.app.search('How long is the sediment core VH-7?');
      expect(await results.first().textContent()).toContain('312 metres long');
    } finally {
      await ui.browser.context.setOffline(false);
    }
  });
});
