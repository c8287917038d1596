/**
 * The source viewer: a passage of a PDF opens on its page, drawn on a canvas with the passage
 * highlighted over it, and the reader can turn pages, switch to the text, and step through the
 * search results; an answer's citations are stepped through the same way. The PDF's bytes come
 * from the library (the folder was added as a file list, which cannot be read again).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  startScriptedChatServer,
  type ScriptedChatServer,
} from '../../scripts/eval/scripted-chat-server.ts';
import { makeJapanesePdf } from '../../scripts/fixtures/pdf-writer.ts';
import { useAppSession } from './support/app-session.ts';

/** A Japanese document: its text is readable only with pdf.js's character maps. */
const JAPANESE_LINES = ['東京駅は日本の鉄道駅です。', '京都駅は京都市にあります。'];

/** Pixels of the page's canvas that are not (near) white: the drawn text. */
function inkedPixels(page: Page): Promise<number> {
  return page.getByTestId('pdf-page').evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let inked = 0;
    for (let index = 0; index < data.length; index += 4) {
      if ((data[index] ?? 255) < 200 && (data[index + 3] ?? 0) > 0) inked += 1;
    }
    return inked;
  });
}

/**
 * Overwrites every kept PDF with bytes that are no PDF, removes them all, or puts back what the
 * first change found (kept in the page meanwhile, so no reload in between).
 */
function changeKeptOriginals(page: Page, change: 'damage' | 'remove' | 'restore'): Promise<void> {
  return page.evaluate(async (change) => {
    const saved = window as unknown as { keptOriginals?: unknown[] };
    const request = indexedDB.open('archivist');
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    if (!saved.keptOriginals) {
      const reading = database.transaction('originals').objectStore('originals').getAll();
      saved.keptOriginals = await new Promise<unknown[]>((resolve, reject) => {
        reading.onsuccess = () => resolve(reading.result);
        reading.onerror = () => reject(reading.error);
      });
    }
    const transaction = database.transaction('originals', 'readwrite');
    const originals = transaction.objectStore('originals');
    if (change === 'remove') originals.clear();
    else if (change === 'restore') {
      originals.clear();
      for (const original of saved.keptOriginals) originals.put(original);
      delete saved.keptOriginals;
    } else {
      originals.openCursor().onsuccess = (event) => {
        const cursor = (event.target as IDBRequest<IDBCursorWithValue | null>).result;
        if (!cursor) return;
        cursor.update({ ...cursor.value, bytes: new TextEncoder().encode('not a PDF').buffer });
        cursor.continue();
      };
    }
    await new Promise((resolve) => (transaction.oncomplete = resolve));
    database.close();
  }, change);
}

describe('the source viewer', () => {
  const ui = useAppSession({ name: 'viewer' });
  let server: ScriptedChatServer;

  beforeAll(async () => {
    server = await startScriptedChatServer();
  });

  afterAll(() => server?.close());

  /** Searches for the treasurer and opens the first result, a PDF passage, on its page. */
  async function openTreasurer(): Promise<void> {
    await ui.app.goToSearch();
    const results = await ui.app.search('Who is the treasurer, Imogen Castellane?');
    await results.first().getByRole('button').click();
    await ui.page.getByTestId('page-highlight').first().waitFor();
  }

  async function closeViewer(): Promise<void> {
    await ui.page.keyboard.press('Escape');
    await ui.page.getByRole('dialog').waitFor({ state: 'hidden' });
  }

  test('opens a PDF passage on its page, drawn with the passage highlighted', async () => {
    const page = ui.page;
    await ui.app.goToSearch();
    const results = await ui.app.search('Who is the treasurer, Imogen Castellane?');
    const first = results.first();
    expect(await first.getByRole('button').textContent()).toContain('lighthouse-report.pdf');
    await first.getByRole('button').click();

    const highlights = page.getByTestId('page-highlight');
    await highlights.first().waitFor();
    expect(await page.getByTestId('page-number').textContent()).toBe('Page 2 of 2');
    await expect.poll(() => inkedPixels(page)).toBeGreaterThan(500);
    const highlighted = (await highlights.allTextContents()).join(' ');
    expect(highlighted).toContain('Imogen Castellane');
    expect(await highlights.first().isVisible()).toBe(true);
    const status = page.getByRole('dialog').getByRole('status');
    expect(await status.textContent()).toContain('highlighted on page 2 of 2');
    expect(await page.getByTestId('trail-position').textContent()).toBe(
      `Result 1 of ${await results.count()}`,
    );
    await closeViewer();
  });

  test('turns the pages with the buttons and the arrow keys', async () => {
    const page = ui.page;
    await openTreasurer();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => page.getByTestId('page-number').textContent()).toBe('Page 1 of 2');
    await expect.poll(() => page.getByTestId('page-highlight').count()).toBe(0);
    await expect.poll(() => inkedPixels(page)).toBeGreaterThan(500);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('page-number').textContent()).toBe('Page 2 of 2');
    await page.getByTestId('page-highlight').first().waitFor();
    await closeViewer();
  });

  test('shows the text instead of the page, with the passage highlighted', async () => {
    const page = ui.page;
    await openTreasurer();
    const toggle = page.getByRole('dialog').getByRole('button', { name: 'Text' });
    await toggle.click();
    const passage = page.getByTestId('document-passage');
    await passage.waitFor();
    expect(await passage.textContent()).toContain('Imogen Castellane');
    expect(await page.getByTestId('pdf-page').count()).toBe(0);
    await toggle.click();
    await page.getByTestId('page-highlight').first().waitFor();
    await closeViewer();
  });

  test('steps to the next search result and back with the buttons and keys', async () => {
    const page = ui.page;
    await openTreasurer();
    const position = page.getByTestId('trail-position');
    const title = page.locator('#viewer-title');
    const firstTitle = await title.textContent();
    await page.getByRole('button', { name: 'Next result' }).click();
    await expect.poll(() => position.textContent()).toMatch(/^Result 2 of \d+$/);
    await page.getByTestId('document-text').getByText(/./).first().waitFor();
    await page.keyboard.press('[');
    await expect.poll(() => position.textContent()).toMatch(/^Result 1 of \d+$/);
    await expect.poll(() => title.textContent()).toBe(firstTitle);
    await page.getByTestId('page-highlight').first().waitFor();
    await closeViewer();
  });

  test('indexes, finds and draws a Japanese PDF whose font names a character map', async () => {
    const page = ui.page;
    const folder = join(ui.workspace, 'japanese');
    await mkdir(folder);
    await writeFile(join(folder, 'tokyo.pdf'), makeJapanesePdf(JAPANESE_LINES, '駅'));
    await ui.app.openLibrary(ui.baseUrl);
    expect(await ui.app.addFolderWithInput(folder)).toContain('1 added');

    await ui.app.goToSearch();
    const first = (await ui.app.search('東京駅', 'Keyword')).first();
    expect(await first.getByRole('button').textContent()).toContain('tokyo.pdf');
    expect(await first.textContent()).toContain(JAPANESE_LINES[0]);
    expect(await first.locator('mark').allTextContents()).toEqual(['東京駅']);
    await first.getByRole('button').click();
    await page.getByTestId('page-highlight').first().waitFor();
    expect(await page.getByTestId('page-number').textContent()).toBe('Page 1 of 1');
    await expect.poll(() => inkedPixels(page)).toBeGreaterThan(100);
    await closeViewer();
  });

  test('shows the text with the reason when the PDF’s kept bytes are damaged or gone', async () => {
    const page = ui.page;
    await ui.app.goToSearch();
    const reasonShown = async () => {
      const results = await ui.app.search('Who is the treasurer, Imogen Castellane?');
      await results.first().getByRole('button').click();
      const problem = page.getByTestId('pages-problem');
      await problem.waitFor();
      const passage = await page.getByTestId('document-passage').textContent();
      expect(passage).toContain('Imogen Castellane');
      expect(await page.getByTestId('pdf-page').count()).toBe(0);
      const reason = await problem.textContent();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      return reason;
    };

    try {
      await changeKeptOriginals(page, 'damage');
      expect(await reasonShown()).toMatch(/cannot be shown \(.+\)\. Its text is shown instead/);
      await changeKeptOriginals(page, 'remove');
      expect(await reasonShown()).toContain('added as a list of files');
    } finally {
      // The other tests draw this PDF's pages.
      await changeKeptOriginals(page, 'restore');
    }
  });

  test('steps through an answer’s citations', async () => {
    const page = ui.page;
    await ui.app.answerWithServer(server.url, 'scripted');
    await page
      .getByRole('combobox', { name: 'Strategy' })
      .selectOption({ label: 'Thorough (slower, checks itself)' });
    const answer = await ui.app.askAnew('How long did the migration to schema version 3 take?');
    const citations = answer.getByRole('button', { name: /Open source \d+/ });
    expect(await citations.count()).toBeGreaterThanOrEqual(2);
    await answer.getByRole('button', { name: 'Open source 1' }).first().click();
    const position = page.getByTestId('trail-position');
    await expect.poll(() => position.textContent()).toMatch(/^Citation 1 of [2-9]\d*$/);
    const total = Number((await position.textContent())?.split(' of ')[1]);
    await page.getByRole('button', { name: 'Next citation' }).click();
    await expect.poll(() => position.textContent()).toBe(`Citation 2 of ${total}`);
    await page.keyboard.press(']');
    if (total > 2) await expect.poll(() => position.textContent()).toBe(`Citation 3 of ${total}`);
    await page.getByRole('button', { name: 'Previous citation' }).click();
    await expect
      .poll(() => position.textContent())
      .toBe(`Citation ${total > 2 ? 2 : 1} of ${total}`);
    await closeViewer();
  });
});
