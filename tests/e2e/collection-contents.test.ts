/**
 * A collection's contents in the Library: every file with its type, pages, chunks and status,
 * filtered by path, status and type; an indexed file opens in the viewer, which steps through the
 * files listed; the screen passes axe and works with the keyboard alone.
 */
import { describe, expect, test } from 'vitest';
import { describeViolation, runAxe, serious } from './support/axe.ts';
import { useAppSession } from './support/app-session.ts';
import { focused, tabTo } from './support/focus.ts';

describe('collection contents', () => {
  const ui = useAppSession({ name: 'contents' });

  async function openContents() {
    await ui.app.openLibrary(ui.baseUrl);
    await ui.page.getByRole('button', { name: 'Show the files of library' }).click();
    const contents = ui.page.getByTestId('collection-contents');
    await contents.getByTestId('contents-file').first().waitFor();
    return contents;
  }

  test('lists every file of the folder, with its facts and status', async () => {
    const contents = await openContents();
    const files = contents.getByTestId('contents-file');
    const paths = await contents.getByTestId('file-path').allTextContents();
    expect(paths).toContain('lighthouse-report.pdf');
    expect(paths).toContain('notes/project-log.md');
    expect(paths).toHaveLength(await files.count());
    expect(await contents.getByTestId('contents-summary').textContent()).toBe(
      `Files 1–${paths.length} of ${paths.length} matches`,
    );
    const pdf = files.filter({ hasText: 'lighthouse-report.pdf' });
    expect(await pdf.textContent()).toMatch(/PDF · 2 pages · \d+ chunks?/);
    expect(await pdf.getAttribute('data-status')).toBe('indexed');
    const broken = files.filter({ hasText: 'broken.pdf' });
    expect(await broken.getAttribute('data-status')).toBe('failed');
    expect(await broken.getByRole('button').count()).toBe(0);
    expect(await broken.getByTitle('CorruptFileError').textContent()).toContain(
      'could not be read',
    );
  });

  test('filters by path, by status and by type', async () => {
    const contents = await openContents();
    const paths = () => contents.getByTestId('file-path').allTextContents();
    const statuses = async () =>
      new Set(
        await contents
          .getByTestId('contents-file')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status'))),
      );
    await contents.getByLabel('Status').selectOption('failed');
    // broken.pdf is listed before the filter applies too: wait for the filtered list itself.
    await expect.poll(statuses).toEqual(new Set(['failed']));
    expect(await paths()).toContain('broken.pdf');
    await contents.getByLabel('Status').selectOption('all');
    await contents.getByLabel('Type').selectOption('md');
    await expect
      .poll(paths)
      .toEqual(['lake-varnholm-station.md', 'notes/project-log.md', 'sourdough-recipe.md']);
    await contents.getByLabel('Path contains').fill('NOTES/');
    await expect.poll(paths).toEqual(['notes/project-log.md']);
    await contents.getByLabel('Path contains').fill('no such path');
    await expect
      .poll(() => contents.getByTestId('contents-summary').textContent())
      .toBe('No file matches the filters.');
  });

  test('opens a file in the viewer and steps to the next file listed', async () => {
    const contents = await openContents();
    await contents.getByLabel('Type').selectOption('md');
    await contents.getByRole('button', { name: 'Open lake-varnholm-station.md' }).click();
    const dialog = ui.page.getByRole('dialog');
    await expect
      .poll(() => ui.page.getByTestId('document-text').textContent())
      .toContain('Lake Varnholm Research Station');
    expect(await dialog.getByTestId('trail-position').textContent()).toBe('File 1 of 3');
    await ui.page.keyboard.press(']');
    await expect.poll(() => dialog.getByTestId('trail-position').textContent()).toBe('File 2 of 3');
    await expect
      .poll(() => ui.page.getByTestId('document-text').textContent())
      .toContain('Project Heron');
    await ui.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  test('works with the keyboard alone and gives the focus back from the viewer', async () => {
    await ui.app.openLibrary(ui.baseUrl);
    const page = ui.page;
    await page.getByRole('button', { name: 'Show the files of library' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('h2 "Contents of library"');
    await tabTo(page, 'button "Close the contents of library"', 3);
    await tabTo(page, 'input "Path contains"', 3);
    await page.keyboard.type('sourdough');
    await expect
      .poll(() =>
        page.getByTestId('collection-contents').getByTestId('file-path').allTextContents(),
      )
      .toEqual(['sourdough-recipe.md']);
    await tabTo(page, 'button "Open sourdough-recipe.md"', 5);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('document-text').textContent()).toContain('Bubbles');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('button "Open sourdough-recipe.md"');
  });

  test('passes axe with no serious violation, wide and at 390 px', async () => {
    for (const size of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await ui.page.setViewportSize(size);
      const contents = await openContents();
      await contents.getByLabel('Status').selectOption('all');
      const { violations } = await runAxe(ui.page);
      expect(serious(violations).map(describeViolation)).toEqual([]);
      const overflow = await ui.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    }
  });
});
