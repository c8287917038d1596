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
import { describeViolation, runAxe, serious } from './support/axe.ts';
import { focused, stopsWithoutIndicator, tabTo } from './support/focus.ts';

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
      const cycle = join(workspace, 'cycle');
      await mkdir(cycle);
      await copyFile(realdoc('pdf', 'operator_list_cycle.pdf'), join(cycle, 'cycle.pdf'));
      await writeFile(join(cycle, 'after.png'), (await printedText(LINES)).png);
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

  test('a page pdf.js never finishes drawing is given up; the sync ends and reads the next file', async () => {
    // Its form and tiling pattern draw each other: pdf.js's evaluator fills its heap (the tab
    // crashed before the page deadline replaced pdf.js's worker).
    await ui.app.openLibrary(ui.baseUrl);
    const summary = await ui.app.addFolderWithInput(join(ui.workspace, 'cycle'), 120_000);
    expect(summary).toContain('1 added');
    expect(summary).toContain('1 skipped');
    const issues = await ui.app.fileIssues('cycle');
    expect(await issues.first().textContent()).toContain('could not draw its pages');
  }, 150_000);

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

describe('the OCR setting', () => {
  // A browser of its own: the languages set here would be downloaded by the tests above.
  const ui = useAppSession({
    name: 'ocr-setting',
    copyLibrary: false,
    prepare: async (workspace) => {
      const pictures = join(workspace, 'pictures');
      await mkdir(pictures);
      await writeFile(join(pictures, 'ledger.png'), (await printedText(LINES)).png);
    },
  });

  /** Sets OCR on or off through the form and saves. */
  async function turnOcr(enabled: boolean): Promise<void> {
    await ui.app.openLibrary(ui.baseUrl);
    const form = ui.page.getByRole('form', { name: 'Text recognition (OCR)' });
    await form.getByRole('checkbox', { name: 'Read images and scanned pages' }).setChecked(enabled);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByTestId('ocr-saved').waitFor();
  }

  test('an image skipped while OCR was off is read at the next sync once it is on', async () => {
    await turnOcr(false);
    const off = await ui.app.addFolderWithInput(join(ui.workspace, 'pictures'));
    expect(off).toMatch(/skipped/);
    const issues = await (await ui.app.fileIssues('pictures')).allTextContents();
    expect(issues.join(' ')).toContain('text recognition (OCR) is turned off');

    await turnOcr(true);
    const on = await ui.app.addFolderWithInput(join(ui.workspace, 'pictures'));
    expect(on).not.toMatch(/skipped|failed/);
    await ui.app.goToSearch();
    const ledger = (await ui.app.search('seventeen barrels lamp oil', 'Keyword')).first();
    expect(await ledger.getByRole('button').textContent()).toContain('ledger.png');
  });

  test('is changed with the keyboard alone, says what is wrong, and is kept', async () => {
    const page = ui.page;
    await ui.app.openLibrary(ui.baseUrl);
    const form = page.getByRole('form', { name: 'Text recognition (OCR)' });
    await expect.poll(() => form.getByLabel('Languages').inputValue()).toBe('eng');
    // Every stop of the Library, the form's among them, shows where the focus is.
    expect((await stopsWithoutIndicator(page)).missing).toEqual([]);
    await form.getByRole('checkbox', { name: 'Read images and scanned pages' }).focus();
    await tabTo(page, 'input "Languages"', 1);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('eng, deu');
    await tabTo(page, 'input "Language download host"', 1);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('tessdata');
    await page.keyboard.press('Enter');
    expect(await form.getByRole('alert').textContent()).toContain('is not a web address');

    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('https://ocr.example.org/4.0.0');
    await tabTo(page, 'button "Save"', 1);
    await page.keyboard.press('Enter');
    await form.getByTestId('ocr-saved').waitFor();

    await page.reload();
    await ui.app.openLibrary(ui.baseUrl);
    await expect.poll(() => form.getByLabel('Languages').inputValue()).toBe('eng, deu');
    expect(await form.getByLabel('Language download host').inputValue()).toBe(
      'https://ocr.example.org/4.0.0',
    );
    await form.getByRole('checkbox', { name: 'Read images and scanned pages' }).focus();
    await page.keyboard.press('Space');
    expect(await form.getByLabel('Languages').isDisabled()).toBe(true);
    await tabTo(page, 'button "Save"', 1);
    expect(await focused(page)).toBe('button "Save"');
    await page.keyboard.press('Enter');
    expect(await form.getByTestId('ocr-saved').textContent()).toContain('skipped');
  });

  test('passes axe with no serious violation, wide and at 390 px', async () => {
    await ui.app.openLibrary(ui.baseUrl);
    for (const size of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await ui.page.setViewportSize(size);
      await ui.page.getByRole('form', { name: 'Text recognition (OCR)' }).waitFor();
      const { violations } = await runAxe(ui.page);
      expect(serious(violations).map(describeViolation)).toEqual([]);
      const overflow = await ui.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    }
  });
});
