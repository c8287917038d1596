/**
 * Text recognition in the browser: the library worker's tesseract.js engine (a nested worker,
 * its files served by the app under /tesseract/) reads an image of printed text and the realdocs
 * scanned PDF, whose page a parse worker draws on an OffscreenCanvas; the printed words are found
 * by search, and an OCR'd passage opens highlighted on its page.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { realdoc } from '../support/realdocs.ts';
import { printedText } from '../support/printed-text-images.ts';
import { useAppSession } from './support/app-session.ts';

const LINES = ['Quartermaster ledger', 'Seventeen barrels of lamp oil'];
const ONLINE_LINES = ['Lighthouse keeper notes', 'Fog horn sounded eleven times'];
const OFFLINE_LINES = ['Harbour pilot roster', 'Nine tugboats on the night watch'];

describe('text recognition in the browser', () => {
  const ui = useAppSession({
    name: 'ocr',
    copyLibrary: false,
    prepare: async (workspace) => {
      const scans = join(workspace, 'scans');
      await mkdir(scans);
      await writeFile(join(scans, 'ledger.png'), (await printedText(LINES)).png);
      await copyFile(realdoc('images', 'testOCR.pdf'), join(scans, 'testOCR.pdf'));
      const online = join(workspace, 'online');
      await mkdir(online);
      await writeFile(join(online, 'notes.jpg'), (await printedText(ONLINE_LINES)).jpeg);
      const offline = join(workspace, 'offline');
      await mkdir(offline);
      await writeFile(join(offline, 'roster.webp'), (await printedText(OFFLINE_LINES)).webp);
    },
  });

  test('indexes an image and a scanned PDF by OCR; their words are found by search', async () => {
    const summary = await ui.app.addFolderWithInput(join(ui.workspace, 'scans'));
    expect(summary).toContain('2 added');
    expect(summary).not.toMatch(/failed|skipped/);

    await ui.app.goToSearch();
    const ledger = (await ui.app.search('seventeen barrels lamp oil', 'Keyword')).first();
    expect(await ledger.getByRole('button').textContent()).toContain('ledger.png');

    expect(await ledger.getByTestId('ocr-label').textContent()).toBe('Text recognised by OCR');
    // An image's passage opens in its text, said to be recognised.
    const passage = await ui.app.openResult(ledger);
    expect(await passage.textContent()).toContain('Seventeen barrels of lamp oil');
    await ui.page.getByRole('dialog').getByTestId('ocr-label').waitFor();
    await ui.page.keyboard.press('Escape');
    await passage.waitFor({ state: 'hidden' });

    const scan = (await ui.app.search('happy new year', 'Keyword')).first();
    expect(await scan.getByRole('button').textContent()).toContain('testOCR.pdf');
    expect(await scan.getByTestId('ocr-label').count()).toBe(1);
  });

  test("an OCR'd passage of a scanned PDF opens highlighted on its page", async () => {
    await ui.app.openLibrary(ui.baseUrl);
    await ui.app.addFolderWithInput(join(ui.workspace, 'scans'));
    await ui.app.goToSearch();
    const scan = (await ui.app.search('happy new year', 'Keyword')).first();
    await scan.getByRole('button').click();
    const highlights = ui.page.getByTestId('page-highlight');
    await highlights.first().waitFor();
    expect(await ui.page.getByTestId('page-number').textContent()).toBe('Page 1 of 1');
    expect((await highlights.allTextContents()).join(' ')).toMatch(/^Happy New Year 2003/);
    await ui.page.getByRole('dialog').getByTestId('ocr-label').waitFor();
    // The marks lie on the drawn page.
    const page = await ui.page.getByTestId('pdf-page').boundingBox();
    const mark = await highlights.first().boundingBox();
    expect(mark && page && mark.x >= page.x && mark.y >= page.y).toBe(true);
    expect(mark && page && mark.x + mark.width <= page.x + page.width).toBe(true);
    await ui.page.keyboard.press('Escape');
  });

  test('recognises text offline once it has run online', async () => {
    // The service worker caches the OCR files it serves once it controls the page.
    await ui.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await ui.page.reload();
    await ui.app.openLibrary(ui.baseUrl);
    expect(await ui.app.addFolderWithInput(join(ui.workspace, 'online'))).toContain('1 added');
    const cached = await ui.page.evaluate(async () =>
      (await (await caches.open('archivist-ocr')).keys()).map((request) => request.url),
    );
    expect(cached.some((url) => url.endsWith('/tesseract/worker.min.js'))).toBe(true);

    await ui.browser.context.setOffline(true);
    try {
      await ui.page.reload();
      await ui.app.openLibrary(ui.baseUrl);
      const summary = await ui.app.addFolderWithInput(join(ui.workspace, 'offline'));
      expect(summary).toContain('1 added');
      await ui.app.goToSearch();
      const roster = (await ui.app.search('nine tugboats night watch', 'Keyword')).first();
      expect(await roster.getByRole('button').textContent()).toContain('roster.webp');
    } finally {
      await ui.browser.context.setOffline(false);
    }
  });
});
