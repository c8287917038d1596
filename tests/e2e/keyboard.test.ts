/**
 * The app with a keyboard alone: from page load, Tab reaches the navigation, then the folder
 * picker's button (an empty library) or the question box and Ask (a library with a collection);
 * the document viewer and the confirm dialog keep the focus inside while open, close on Escape
 * and give the focus back to what opened them; and every stop of Tab on every screen shows a
 * focus indicator.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { focused, focusIsInside, stopsWithoutIndicator, tabTo } from './support/focus.ts';
import { useAppSession } from './support/app-session.ts';

const NAVIGATION = ['a "Ask"', 'a "Library"', 'a "Search"', 'a "Models"'];
/** Presses of Tab (and of Shift+Tab) that must all keep the focus inside an open dialog. */
const PRESSES_IN_DIALOG = 12;

/** Keeps the indexes of `names` in `stops`, failing on one that is not there. */
function positions(stops: readonly string[], names: readonly string[]): number[] {
  return names.map((name) => {
    const index = stops.indexOf(name);
    if (index < 0) throw new Error(`${name} is not among the stops: ${stops.join(' → ')}`);
    return index;
  });
}

const ascending = (numbers: readonly number[]) =>
  numbers.every((value, index) => index === 0 || value > (numbers[index - 1] ?? -1));

describe('keyboard, in an empty library', () => {
  const ui = useAppSession({ name: 'keyboard-empty', copyLibrary: false, open: false });

  test('reaches the navigation, then the folder picker, from page load', async () => {
    await ui.page.goto(ui.baseUrl);
    await ui.page.getByRole('heading', { name: 'Collections', exact: true }).waitFor();
    const stops = await tabTo(ui.page, 'button "Choose folder…"');
    console.log(`Tab from page load, empty library: ${stops.join(' → ')}`);
    expect(ascending(positions(stops, [...NAVIGATION, 'button "Choose folder…"']))).toBe(true);
  });
});

describe('keyboard', () => {
  const ui = useAppSession({ name: 'keyboard' });

  test('reaches the question box and Ask from page load, and asks', async () => {
    await ui.page.goto(ui.baseUrl);
    const page = ui.page;
    await page.getByRole('textbox', { name: 'Your question' }).waitFor();
    const stops = await tabTo(page, 'textarea "Your question"');
    await page.keyboard.type('How long is the sediment core VH-7?');
    stops.push(...(await tabTo(page, 'button "Ask"', 5)));
    console.log(`Tab from page load, Ask: ${stops.join(' → ')}`);
    expect(
      ascending(positions(stops, [...NAVIGATION, 'textarea "Your question"', 'button "Ask"'])),
    ).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached' });
    expect(await page.getByTestId('answer').last().textContent()).toContain('312 metres');
  });

  /**
   * Opens a dialog with Enter on `opener`; the focus must stay inside it through Tab and
   * Shift+Tab, Escape must close it, and the focus must be back on `opener`.
   */
  async function checkDialog(opener: Locator, dialog: Locator): Promise<void> {
    const page = ui.page;
    await opener.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    const outside: string[] = [];
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let press = 0; press < PRESSES_IN_DIALOG; press += 1) {
        await page.keyboard.press(key);
        if (!(await focusIsInside(dialog))) outside.push(`${key} → ${await focused(page)}`);
      }
    }
    expect(outside).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
  }

  test('the document viewer keeps the focus, closes on Escape and gives it back', async () => {
    await ui.app.goToSearch();
    const results = await ui.app.search('How long is the sediment core VH-7?');
    const viewer = ui.page.getByRole('dialog');
    await checkDialog(results.first().getByRole('button'), viewer);
    const pdf = await ui.app.search('Who is the treasurer, Imogen Castellane?');
    await checkDialog(pdf.first().getByRole('button'), viewer);
  });

  test('the confirm dialog keeps the focus, closes on Escape and gives it back', async () => {
    await ui.app.openLibrary(ui.baseUrl);
    const remove = ui.app.collectionCard('library').getByRole('button', { name: 'Delete library' });
    await checkDialog(remove, ui.page.getByRole('dialog', { name: 'Delete “library”?' }));
    expect(await ui.app.collectionCard('library').count()).toBe(1);
  });

  test('every stop of Tab shows where the focus is', async () => {
    const page = ui.page;
    const missing: string[] = [];
    const sweep = async (screen: string) => {
      const result = await stopsWithoutIndicator(page);
      console.log(`${screen}: ${result.visited} stops of Tab`);
      missing.push(...result.missing.map((label) => `${screen}: ${label}`));
    };
    await ui.app.openLibrary(ui.baseUrl);
    await ui.app.fileIssues('library');
    await sweep('Library');
    await ui.app.goToSearch();
    const results = await ui.app.search('How long is the sediment core VH-7?');
    await sweep('Search');
    await results.first().getByRole('button').click();
    await page.getByTestId('document-passage').waitFor();
    await sweep('document viewer');
    await page.keyboard.press('Escape');
    await ui.app.askAnew('How long is the sediment core VH-7?');
    await ui.app.openTrace();
    await page.getByTestId('answer-engine').locator('summary').click();
    await sweep('Ask');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Models' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Models' }).waitFor({ state: 'attached' });
    await sweep('Models');
    expect(missing).toEqual([]);
  });

  test('the sweep notices a control that shows no focus', async () => {
    // A page of its own that nothing re-renders: on a screen of the app still loading, a control
    // drawn again mid-sweep would drop out of it. Focus is shown as the app shows it.
    const page = await ui.browser.context.newPage();
    try {
      await page.setContent(`
        <style>:focus-visible { outline: 2px solid transparent; box-shadow: 0 0 0 3px #3451d1; }</style>
        <a href="#top">A link</a> <button>A button</button> <input aria-label="A box" />
        <details><summary>A summary</summary></details>`);
      expect(await stopsWithoutIndicator(page)).toEqual({ visited: 4, missing: [] });
      await page.addStyleTag({
        content:
          ':focus-visible, :focus-within { outline: none !important; box-shadow: none !important; }',
      });
      const { visited, missing } = await stopsWithoutIndicator(page);
      expect(visited).toBe(4);
      expect(missing).toHaveLength(visited);
    } finally {
      await page.close();
    }
  });
});
