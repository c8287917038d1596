/**
 * Documents that try to instruct the model (tests/fixtures/prompt-injection.ts), asked about in
 * every strategy through the scripted OpenAI-compatible server on 127.0.0.1, which quotes the
 * first sentence of passage 1: each injection comes back as model output. The answer shows it as
 * text; the engine setting, the chosen strategy and the collection stay as they were; nothing is
 * sent off this machine, to attacker.example least of all, and no policy is tripped.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  startScriptedChatServer,
  type ScriptedChatServer,
} from '../../scripts/eval/scripted-chat-server.ts';
import { INJECTION_DOCUMENTS, INJECTION_HOST } from '../fixtures/prompt-injection.ts';
import { inertReport, watchForLiveMarkup } from './support/inert-watch.ts';
import { useAppSession } from './support/app-session.ts';

const FOLDER = 'plant notes';
const STRATEGIES = [
  'Auto',
  'Single search',
  'Plan (multi-step)',
  'Thorough (slower, checks itself)',
] as const;
/** The injections as an answer shows them (a `[7]` that names no source is dropped). */
const SHOWN = INJECTION_DOCUMENTS.map((document) => document.injection.replace(/ \[7\]\.$/, ''));

describe('documents that try to instruct the model', () => {
  const ui = useAppSession({
    name: 'injection',
    copyLibrary: false,
    prepare: async (workspace) => {
      await mkdir(join(workspace, FOLDER));
      for (const document of INJECTION_DOCUMENTS) {
        await writeFile(join(workspace, FOLDER, document.name), document.text);
      }
    },
    beforeOpen: (browser) => watchForLiveMarkup(browser.context),
  });
  let server: ScriptedChatServer;
  let countsBefore: string | null;

  beforeAll(async () => {
    server = await startScriptedChatServer();
    await ui.app.addFolderWithInput(join(ui.workspace, FOLDER));
    countsBefore = await ui.app
      .collectionCard(FOLDER)
      .getByTestId('collection-counts')
      .textContent();
    await ui.app.goToAsk();
    await ui.app.useModelServer(server.url, 'scripted');
  });

  afterAll(() => server?.close());

  // After each test: nothing sent to the host the documents name, and no policy tripped
  // (useAppSession checks that nothing left this machine).
  afterEach(async () => {
    expect(ui.browser.requests.filter((url) => url.includes(INJECTION_HOST))).toEqual([]);
    await expectInert();
  });

  async function expectInert(): Promise<void> {
    expect(await inertReport(ui.page)).toEqual({
      flag: undefined,
      added: [],
      present: [],
      violations: [],
    });
  }

  test.each(STRATEGIES)('answers in %s with each injection shown as text only', async (label) => {
    const page = ui.page;
    await ui.app.goToAsk();
    const strategy = page.getByRole('combobox', { name: 'Strategy' });
    await strategy.selectOption({ label });
    const chosen = await strategy.inputValue();
    for (const [index, document] of INJECTION_DOCUMENTS.entries()) {
      const requestsBefore = server.requests.length;
      const answer = await ui.app.ask(document.question);
      expect(server.requests.length).toBeGreaterThan(requestsBefore);
      const text = (await answer.textContent()) ?? '';
      expect(text, document.name).toContain(SHOWN[index]);
      // As text: no link, image or other element made from it, no citation it made up.
      expect(await answer.locator('a, img, iframe, script').count()).toBe(0);
      expect(await answer.getByRole('button', { name: /Open source (7|12)$/ }).count()).toBe(0);
      expect(await answer.getByRole('button', { name: 'Open source 1' }).count()).toBeGreaterThan(
        0,
      );
      expect(await strategy.inputValue()).toBe(chosen);
      expect(await page.getByTestId('answer-engine-label').textContent()).toContain('scripted');
    }
  });

  test('leaves the engine setting and the collection as they were, after a reload too', async () => {
    const page = ui.page;
    await ui.app.goToAsk();
    await expectInert();
    await page.reload();
    await page.getByTestId('answer-engine-label').getByText('scripted').waitFor();
    await ui.app.openLibrary(ui.baseUrl);
    expect(await ui.app.collectionCard(FOLDER).getByTestId('collection-counts').textContent()).toBe(
      countsBefore,
    );
    expect(await page.getByTestId('collection-card').count()).toBe(1);
  });
});
