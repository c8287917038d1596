/**
 * Makes the README's screenshots from the built app (`npm run screenshots` builds it first):
 * adds tests/fixtures/library through the UI, then captures the Library, Search and Ask screens;
 * a PDF passage on its page and the Models view; the Ask screens answer through the scripted OpenAI-compatible server on 127.0.0.1 (a stand-in
 * for a local model server), a multi-step question with the planner and one in thorough mode.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { AppPage } from '../tests/e2e/support/app-page.ts';
import { launchBrowser } from '../tests/e2e/support/browser.ts';
import { startPreview } from '../tests/e2e/support/preview-server.ts';
import { startScriptedChatServer } from './eval/scripted-chat-server.ts';

const root = resolve(import.meta.dirname, '..');
const output = resolve(root, 'docs/screenshots');
const library = resolve(root, 'tests/fixtures/library');

async function main(): Promise<void> {
  await mkdir(output, { recursive: true });
  const server = await startPreview();
  const modelServer = await startScriptedChatServer();
  const session = await launchBrowser();
  try {
    const { page } = session;
    await page.setViewportSize({ width: 1100, height: 860 });
    const app = new AppPage(page);
    await app.openLibrary(server.url);
    await app.addFolderWithInput(library);
    // The first visit stores the app for offline use and says so; the notice would cover the shots.
    const offlineNotice = page.getByTestId('offline-ready');
    await offlineNotice.waitFor({ timeout: 60_000 });
    await offlineNotice.getByRole('button', { name: 'OK' }).click();
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

    const pdfResult = (await app.search('Who is the treasurer, Imogen Castellane?')).first();
    await pdfResult.getByRole('button').click();
    await page.getByTestId('page-highlight').first().waitFor();
    await page.screenshot({ path: resolve(output, 'pdf-page.png') });
    await page.keyboard.press('Escape');

    await app.goToAsk();
    await app.useModelServer(modelServer.url, 'scripted');
    const strategy = page.getByRole('combobox', { name: 'Strategy' });
    await strategy.selectOption({ label: 'Plan (multi-step)' });
    await app.ask('Who directs the station where the 312-metre sediment core was drilled?');
    await app.openTrace();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: resolve(output, 'ask.png') });

    await strategy.selectOption({ label: 'Thorough (slower, checks itself)' });
    await app.ask('How long did the migration to schema version 3 take?');
    const trace = await app.openTrace();
    await trace.getByRole('table', { name: 'Candidates' }).scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: resolve(output, 'thorough.png'), fullPage: true });
    await page.goto(`${server.url}#/models`);
    await page.getByRole('heading', { name: 'This device' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.mouse.move(0, 0);
    await page.screenshot({ path: resolve(output, 'models.png') });
    console.log(
      `wrote library, search, document, pdf-page, ask, thorough and models .png to ${output}`,
    );
  } finally {
    await session.close();
    await modelServer.close();
    await server.close();
  }
}

await main();
