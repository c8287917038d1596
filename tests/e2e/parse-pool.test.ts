/**
 * Parsing in the pool of parse workers (issue 12): the library worker sends each file to a parse
 * worker (`workers/parse.worker.ts`), which reads PDFs with its own pdf.js and asks the library
 * worker's one tesseract.js engine to read images and scanned pages (the OCR bridge). A folder
 * of images, a scanned PDF and PDFs with text is indexed through it, and their words are found;
 * an image the engine cannot decode fails with the same message as when parsed in place.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Worker } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { realdoc } from '../support/realdocs.ts';
import { printedText } from '../support/printed-text-images.ts';
import { useAppSession } from './support/app-session.ts';

const FIXTURE_PDF = new URL('../fixtures/library/lighthouse-report.pdf', import.meta.url).pathname;

const PARSE_WORKER = /\/parse\.worker-[\w-]+\.js$/;

describe('parsing in parse workers', () => {
  const workers: string[] = [];
  /** Called with each parse worker as it starts. */
  let onParseWorker: (worker: Worker) => void = () => undefined;
  const ui = useAppSession({
    name: 'parse-pool',
    copyLibrary: false,
    prepare: async (workspace) => {
      const folder = join(workspace, 'mixed');
      await mkdir(folder);
      await writeFile(
        join(folder, 'ledger.png'),
        (await printedText(['Quartermaster ledger', 'Seventeen barrels of lamp oil'])).png,
      );
      await writeFile(
        join(folder, 'notes.jpg'),
        (await printedText(['Lighthouse keeper notes', 'Fog horn sounded eleven times'])).jpeg,
      );
      await copyFile(realdoc('images', 'testOCR.pdf'), join(folder, 'testOCR.pdf'));
      await copyFile(FIXTURE_PDF, join(folder, 'lighthouse-report.pdf'));
      await copyFile(realdoc('pdf', 'issue1045.pdf'), join(folder, 'issue1045.pdf'));
      // Truncated: the OCR engine cannot decode it.
      await copyFile(realdoc('images', 'testOCR_encode.jpg'), join(folder, 'truncated.jpg'));
      const crash = join(workspace, 'crash');
      await mkdir(crash);
      await writeFile(join(crash, 'ledger.png'), (await printedText(['Quartermaster ledger'])).png);
      await copyFile(FIXTURE_PDF, join(crash, 'lighthouse-report.pdf'));
    },
    beforeOpen: ({ page }) => {
      page.on('worker', (worker) => {
        workers.push(worker.url());
        if (PARSE_WORKER.test(worker.url())) onParseWorker(worker);
      });
    },
  });

  test('indexes images and PDFs in a parse worker; OCR goes through the bridge', async () => {
    const summary = await ui.app.addFolderWithInput(join(ui.workspace, 'mixed'));
    expect(summary).toMatch(/^5 added · 0 unchanged · 1 failed/);
    expect(workers.some((url) => PARSE_WORKER.test(url))).toBe(true);

    await ui.app.goToSearch();
    const ledger = (await ui.app.search('seventeen barrels lamp oil', 'Keyword')).first();
    expect(await ledger.getByRole('button').textContent()).toContain('ledger.png');
    const notes = (await ui.app.search('fog horn sounded eleven', 'Keyword')).first();
    expect(await notes.getByRole('button').textContent()).toContain('notes.jpg');
    const scan = (await ui.app.search('happy new year', 'Keyword')).first();
    expect(await scan.getByRole('button').textContent()).toContain('testOCR.pdf');
    const report = (await ui.app.search('treasurer Imogen Castellane', 'Keyword')).first();
    expect(await report.getByRole('button').textContent()).toContain('lighthouse-report.pdf');

    // An image the engine cannot decode fails as damaged, as when parsed in place.
    await ui.app.openLibrary(ui.baseUrl);
    const issues = await ui.app.fileIssues('mixed');
    expect(await issues.filter({ hasText: 'truncated.jpg' }).textContent()).toContain(
      '"truncated.jpg" could not be read (Error attempting to read image.); it may be damaged.',
    );
  });

  test('a parse worker that stops fails only its file; a new worker reads the others', async () => {
    await ui.page.reload();
    await ui.app.openLibrary(ui.baseUrl);
    // The first parse worker closes itself at once, in the middle of the first file it was given.
    let closed = false;
    onParseWorker = (worker) => {
      if (closed) return;
      closed = true;
      void worker.evaluate(() => self.close()).catch(() => undefined);
    };
    try {
      const summary = await ui.app.addFolderWithInput(join(ui.workspace, 'crash'));
      expect(summary).toMatch(/^1 added · 0 unchanged · 1 failed/);
    } finally {
      onParseWorker = () => undefined;
    }
    const issues = await ui.app.fileIssues('crash');
    expect(await issues.textContent()).toContain('stopped the worker that parsed it');
  });
});
