/**
 * The XSS corpus (tests/fixtures/xss-payloads.ts) in documents, file names, a folder name and
 * model output, through every surface that shows them: the library (collection and skipped-file
 * names), search results, the document viewer for every file, and answers in the single, plan
 * and thorough strategies through the scripted OpenAI-compatible server, which appends the corpus
 * to every text reply and to every string of its JSON replies. Every payload must show as text;
 * none may run (`window.__xss` stays unset), become a live element, load anything off the device
 * or trip the Content-Security-Policy.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  startScriptedChatServer,
  type ScriptedChatServer,
} from '../../scripts/eval/scripted-chat-server.ts';
import { ATTACKER_HOST, XSS_PAYLOADS } from '../fixtures/xss-payloads.ts';
import { inertReport, watchForLiveMarkup } from './support/inert-watch.ts';
import { NOTE_WORD, writeHostileFolder, type HostileFolder } from './support/xss-folder.ts';
import { useAppSession } from './support/app-session.ts';

/** The whole corpus, one payload a paragraph, after every reply of the model. */
const MODEL_SUFFIX = `\n\n${XSS_PAYLOADS.map((payload) => payload.payload).join('\n\n')}`;
/** Words of the payloads to search for. */
const PAYLOAD_WORDS = ['onerror', 'javascript', ATTACKER_HOST, 'window script'];
/**
 * Each strategy's question, what of the corpus its trace shows (names or model strings), and
 * whether its answer keeps a citation to open (in single search the corpus appended to the
 * specialist's quote makes the quote fail the check that it is in the passage: it is dropped).
 */
const STRATEGIES = [
  {
    label: 'Single search',
    question: `Which payload uses onerror? ${XSS_PAYLOADS[1]?.payload}`,
    traceShows: 'collection name',
    cited: false,
  },
  {
    label: 'Plan (multi-step)',
    question: 'Which payloads load from attacker.example, and how?',
    traceShows: 'model strings',
    cited: true,
  },
  {
    label: 'Thorough (slower, checks itself)',
    question: 'How many payloads use javascript URLs?',
    traceShows: 'model strings',
    cited: true,
  },
];

describe('XSS payloads in documents, file names and model output', () => {
  let folder: HostileFolder;
  const ui = useAppSession({
    name: 'xss',
    copyLibrary: false,
    prepare: async (workspace) => {
      folder = await writeHostileFolder(workspace);
    },
    beforeOpen: (browser) => watchForLiveMarkup(browser.context),
  });
  let server: ScriptedChatServer;

  beforeAll(async () => {
    server = await startScriptedChatServer({
      textSuffix: MODEL_SUFFIX,
      stringSuffix: ` ${XSS_PAYLOADS.map((payload) => payload.payload).join(' ')}`,
    });
    await ui.app.addFolderWithInput(folder.path);
  });

  // A test that failed with the viewer open leaves it to the next one: close it.
  beforeEach(async () => {
    if (await ui.page.getByRole('dialog').isVisible()) await closeViewer(ui.page);
  });

  // After each test: no payload ran, nothing was loaded, nothing sent to the attacker's host
  // (useAppSession checks that nothing left this machine at all).
  afterEach(async () => {
    await expectInert(ui.page);
    expect(ui.page.url().startsWith(ui.baseUrl)).toBe(true);
    expect(ui.browser.requests.filter((url) => url.includes(ATTACKER_HOST))).toEqual([]);
    const payloadErrors = ui.browser.errors.filter((error) =>
      /Content Security Policy|__xss|attacker\.example|javascript:/i.test(error),
    );
    expect(payloadErrors).toEqual([]);
  });

  afterAll(() => server?.close());

  test('the corpus has at least 20 payloads, each with its own id, file names without /', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(XSS_PAYLOADS.map((payload) => payload.id)).size).toBe(XSS_PAYLOADS.length);
    const names = [folder.name, ...folder.noteNames, ...folder.skippedNames];
    expect(names.filter((name) => name.includes('/'))).toEqual([]);
  });

  test('shows the folder and skipped file names in the library as text', async () => {
    await ui.app.openLibrary(ui.baseUrl);
    const card = ui.app.collectionCard(folder.name);
    expect(await card.getByRole('heading', { level: 3 }).textContent()).toBe(folder.name);
    const issues = await ui.app.fileIssues(folder.name);
    const paths = await issues.locator('.path').allTextContents();
    expect(paths.toSorted()).toEqual(folder.skippedNames.toSorted());
    await expectInert(ui.page);
  });

  test('shows search results for words of the payloads, and payload file names, as text', async () => {
    await ui.app.goToSearch();
    for (const word of PAYLOAD_WORDS) {
      const results = await ui.app.search(word, 'Keyword');
      expect(await results.count(), word).toBeGreaterThan(0);
      await expectInert(ui.page);
    }
    const notes = await ui.app.search(NOTE_WORD, 'Keyword');
    const paths = await notes.locator('.path').allTextContents();
    expect(paths.toSorted()).toEqual(folder.noteNames.toSorted());
    await expectInert(ui.page);
  });

  test('shows every document in the viewer with its payloads as text', async () => {
    await ui.app.goToSearch();
    for (const document of folder.documents) {
      const results = await ui.app.search(document.searchWord, 'Keyword');
      const result = results.filter({ hasText: document.name }).first();
      await ui.app.openResult(result);
      const text = (await documentText(ui.page)) ?? '';
      const missing = document.visible.filter((visible) => !text.includes(visible));
      expect(missing, document.name).toEqual([]);
      await expectInert(ui.page);
      await closeViewer(ui.page);
    }
    const notes = await ui.app.search(NOTE_WORD, 'Keyword');
    for (let index = 0; index < (await notes.count()); index += 1) {
      const note = notes.nth(index);
      const name = await note.locator('.path').textContent();
      await ui.app.openResult(note);
      expect(await ui.page.getByRole('dialog').getByRole('heading').first().textContent()).toBe(
        name,
      );
      await expectInert(ui.page);
      await closeViewer(ui.page);
    }
  });

  test.each(STRATEGIES)(
    'answers with $label, showing the model’s payloads as text',
    async ({ label, question, traceShows, cited }) => {
      const page = ui.page;
      await ui.app.goToAsk();
      if (!(await page.getByTestId('answer-engine-label').textContent())?.includes('scripted')) {
        await ui.app.useModelServer(server.url, 'scripted');
      }
      await page.getByRole('combobox', { name: 'Strategy' }).selectOption({ label });
      const answer = await ui.app.askAnew(question);
      const text = (await answer.textContent()) ?? '';
      const missing = XSS_PAYLOADS.filter((payload) => !text.includes(payload.visible));
      expect(missing.map((payload) => payload.id)).toEqual([]);
      expect(
        await page.getByRole('heading', { name: question, exact: true }).count(),
      ).toBeGreaterThan(0);
      const trace = await ui.app.openTrace();
      expect(await trace.textContent()).toContain(
        traceShows === 'collection name' ? folder.name : XSS_PAYLOADS[0]?.payload,
      );
      await expectInert(page);
      if (cited) await openFirstCitation(answer);
    },
  );
});

/** Nothing ran, nothing live was added, nothing dangerous is in the page, nothing was blocked. */
async function expectInert(page: Page): Promise<void> {
  const report = await inertReport(page);
  expect(report).toEqual({ flag: undefined, added: [], present: [], violations: [] });
}

async function documentText(page: Page): Promise<string | null> {
  const body = page.getByTestId('document-text');
  await body.getByTestId('document-passage').waitFor();
  return body.textContent();
}

async function closeViewer(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

/** Opens the answer's first citation that can be opened, checks the viewer, closes it. */
async function openFirstCitation(answer: Locator): Promise<void> {
  const citation = answer
    .getByRole('button', { name: /Open source \d+/ })
    .and(answer.locator(':enabled'));
  expect(await citation.count()).toBeGreaterThan(0);
  await citation.first().click();
  const page = answer.page();
  await page.getByTestId('document-passage').waitFor();
  await expectInert(page);
  await closeViewer(page);
}
