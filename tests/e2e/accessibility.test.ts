/**
 * Every screen passes axe-core with no violation of impact serious or critical: the Library with
 * a synced collection and its file issues open, the confirm dialog, Search with results, the
 * document viewer on a text passage and on a PDF page, Ask with an answer, its trace and the
 * thorough candidates table, the conversation history, the answer engine's settings and the
 * Models view; each in the light and the dark theme, wide and at a phone's 390 px, where no
 * screen may scroll sideways. Every violation found (any impact) is printed, so the run reports
 * them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  startScriptedChatServer,
  type ScriptedChatServer,
} from '../../scripts/eval/scripted-chat-server.ts';
import { describeViolation, runAxe, serious } from './support/axe.ts';
import { useAppSession } from './support/app-session.ts';

interface Look {
  name: string;
  colorScheme: 'light' | 'dark';
  width: number;
  height: number;
}

const LOOKS: Look[] = [
  { name: 'light', colorScheme: 'light', width: 1280, height: 900 },
  { name: 'dark', colorScheme: 'dark', width: 1280, height: 900 },
  { name: 'light, 390 px wide', colorScheme: 'light', width: 390, height: 844 },
  { name: 'dark, 390 px wide', colorScheme: 'dark', width: 390, height: 844 },
];

describe('accessibility (axe-core)', () => {
  const ui = useAppSession({ name: 'accessibility' });
  let server: ScriptedChatServer;

  beforeAll(async () => {
    server = await startScriptedChatServer();
    await ui.app.goToAsk();
    await ui.app.ask('How long is the sediment core VH-7?');
    await ui.app.useModelServer(server.url, 'scripted');
    await ui.page
      .getByRole('combobox', { name: 'Strategy' })
      .selectOption({ label: 'Thorough (slower, checks itself)' });
    await ui.app.ask('How long did the migration to schema version 3 take?');
  });

  afterAll(() => server?.close());

  for (const look of LOOKS) {
    test(`every screen, ${look.name}`, async () => {
      const page = ui.page;
      await page.emulateMedia({ colorScheme: look.colorScheme });
      await page.setViewportSize({ width: look.width, height: look.height });
      const failures: string[] = [];
      const check = async (screen: string) => {
        const { violations, incomplete } = await runAxe(page);
        const where = `${look.name} · ${screen}`;
        for (const violation of violations)
          console.log(`${where}: ${describeViolation(violation)}`);
        // Text over a translucent header, a highlight box or a notice: axe cannot tell its contrast.
        const undecided = incomplete.find(({ id }) => id === 'color-contrast')?.targets.length;
        if (undecided) console.log(`${where}: contrast undecided for ${undecided} elements`);
        failures.push(
          ...serious(violations).map((violation) => `${where}: ${describeViolation(violation)}`),
        );
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) failures.push(`${where}: the page scrolls sideways by ${overflow} px`);
      };
      const nav = (name: string) =>
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();

      await nav('Library');
      await ui.app.collectionCard('library').waitFor();
      await (await ui.app.fileIssues('library')).first().waitFor();
      await check('Library, file issues open');
      // Checked with the rest of the first screen; then out of the way of what it covers.
      const offlineNotice = page.getByTestId('offline-ready');
      if (await offlineNotice.isVisible()) await offlineNotice.getByRole('button').click();
      await page.getByRole('button', { name: 'Delete library' }).click();
      await page.getByRole('dialog', { name: 'Delete “library”?' }).waitFor();
      await check('Library, confirm dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });

      await ui.app.goToSearch();
      const results = await ui.app.search('How long is the sediment core VH-7?');
      await check('Search with results');
      await ui.app.openResult(results.first());
      await check('document viewer, text passage');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      const pdfResults = await ui.app.search('Who is the treasurer, Imogen Castellane?');
      await pdfResults.first().getByRole('button').click();
      await page.getByTestId('page-highlight').first().waitFor();
      await check('document viewer, PDF page');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });

      await ui.app.goToAsk();
      const trace = await ui.app.openTrace();
      await trace.getByRole('table', { name: 'Candidates' }).waitFor();
      const historyToggle = page.getByRole('button', { name: 'Conversations' });
      if (
        (await historyToggle.isVisible()) &&
        (await historyToggle.getAttribute('aria-expanded')) === 'false'
      ) {
        await historyToggle.click();
      }
      await page.getByTestId('conversation-list').waitFor();
      await check('Ask with answers, trace, candidates and history');
      const settings = page.getByTestId('answer-engine');
      await settings.locator('summary').click();
      await settings.getByRole('form', { name: 'OpenAI-compatible server' }).waitFor();
      await check('Ask, answer engine settings open');
      await settings.locator('summary').click();

      await nav('Models');
      await page.getByRole('heading', { level: 1, name: 'Models' }).waitFor({ state: 'attached' });
      await check('Models');

      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});
