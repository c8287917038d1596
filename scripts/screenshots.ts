/**
 * Makes the README's screenshots from the built app (`npm run screenshots` builds it first):
 * adds tests/fixtures/library through the UI, then captures the Library, Search and Ask screens.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { AppPage } from '../tests/e2e/support/app-page.ts';
import { launchBrowser } from '../tests/e2e/support/browser.ts';
import { startPreview } from '../tests/e2e/support/preview-server.ts';

const root = resolve(import.meta.dirname, '..');
const output = resolve(root, 'docs/screenshots');
const library = resolve(root, 'tests/fixtures/library');

async function main(): Promise<void> {
  await mkdir(output, { recursive: true });
  const server = await startPreview();
  const session = await launchBrowser();
  try {
    const { page } = session;
    await page.setViewportSize({ width: 1100, height: 860 });
    const app = new AppPage(page);
    await app.openLibrary(server.url);
    await app.addFolderWithInput(library);
    await app.collectionCard('library').getByTestId('file-issues').locator('summary').click();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: resolve(output, 'library.png') });

    await app.goToSearch();
    await app.search('When was the sediment core drilled, and how long is it?');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: resolve(output, 'search.png') });

    await app.openResult((await app.search('Silverfoss waterfall height')).first());
    await page.screenshot({ path: resolve(output, 'document.png') });
    await page.keyboard.press('Escape');

    await app.goToAsk();
    await app.ask('How long is the sediment core VH-7?');
    await app.openTrace();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: resolve(output, 'ask.png') });
    console.log(`wrote library.png, search.png, document.png and ask.png to ${output}`);
  } finally {
    await session.close();
    await server.close();
  }
}

await main();
