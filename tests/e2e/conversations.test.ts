/**
 * Conversations as a person keeps them: a question and a follow-up in one conversation, an
 * answer regenerated and copied, the conversation renamed and exported (Markdown and JSON, with
 * sources and trace), still there after a reload and, with the network off, after another; then
 * deleted, and finally everything deleted, which leaves the empty app.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Download, Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { AppPage } from './support/app-page.ts';
import { launchBrowser, requestsOffDevice, type BrowserSession } from './support/browser.ts';
import { reportFailure } from './support/failure-report.ts';

const FIXTURE_LIBRARY = resolve(import.meta.dirname, '../fixtures/library');
const FIRST_QUESTION = 'How long is the sediment core VH-7?';
const FOLLOW_UP = 'When was it drilled?';
const TITLE = 'Sediment core VH-7';

describe('conversations', () => {
  const baseUrl = inject('baseUrl');
  let session: BrowserSession;
  let app: AppPage;
  let workspace: string;

  beforeAll(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'archivist-e2e-conversations-'));
    await cp(FIXTURE_LIBRARY, join(workspace, 'library'), { recursive: true });
    session = await launchBrowser();
    app = new AppPage(session.page);
    await app.openLibrary(baseUrl);
    await app.addFolderWithInput(join(workspace, 'library'));
  });

  afterEach(({ task }) => reportFailure(task, session));

  afterAll(async () => {
    await session?.close();
    await rm(workspace, { recursive: true, force: true });
  });

  const turns = () => session.page.getByTestId('turn');
  const conversationItems = () => session.page.getByTestId('conversation-item');
  const title = () => session.page.getByTestId('conversation-title');

  /** Clicks `button` and resolves the file it downloads, with its text. */
  async function download(button: Locator): Promise<{ name: string; text: string }> {
    const [file] = await Promise.all([
      session.page.waitForEvent('download') as Promise<Download>,
      button.click(),
    ]);
    return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
  }

  test('asks a question and a follow-up in the same conversation', async () => {
    await app.goToAsk();
    const first = await app.ask(FIRST_QUESTION);
    expect(await first.textContent()).toContain('312 metres');
    const followUp = await app.ask(FOLLOW_UP);
    expect(await followUp.textContent()).toContain('2011');

    expect(await turns().count()).toBe(2);
    expect(await turns().nth(0).getByRole('heading').first().textContent()).toBe(FIRST_QUESTION);
    expect(await turns().nth(1).getByRole('heading').first().textContent()).toBe(FOLLOW_UP);
    expect(await title().textContent()).toBe(FIRST_QUESTION);
    expect(await conversationItems().count()).toBe(1);
    expect(await conversationItems().first().textContent()).toContain('2 questions');
    const sources = turns().nth(1).getByTestId('sources');
    expect(await sources.textContent()).toContain('lake-varnholm-station.md');

    const trace = await app.openTrace();
    const lines = await trace.getByRole('listitem').allTextContents();
    expect(lines.some((line) => line.includes('Follow-up searched with the previous'))).toBe(true);
    expect(
      await session.page
        .getByRole('textbox', { name: 'Your question' })
        .getAttribute('placeholder'),
    ).toBe('Ask a follow-up question…');
  });

  test('regenerates an answer in place and copies it with its sources', async () => {
    const last = turns().nth(1);
    await last.getByRole('button', { name: 'Regenerate' }).click();
    await last.getByRole('button', { name: 'Regenerate' }).waitFor();
    await expect.poll(() => last.getAttribute('data-status')).toBe('answered');
    expect(await turns().count()).toBe(2);
    expect(await last.getByTestId('answer').textContent()).toContain('2011');

    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(baseUrl).origin,
    });
    await turns().nth(0).getByRole('button', { name: 'Copy' }).click();
    await turns().nth(0).getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await session.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('312 metres');
    expect(copied).toContain('Sources:');
    expect(copied).toContain('lake-varnholm-station.md');
  });

  test('renames the conversation in place', async () => {
    await session.page.getByRole('button', { name: `Rename “${FIRST_QUESTION}”` }).click();
    const box = session.page.getByRole('textbox', { name: 'Conversation title' });
    await box.fill(TITLE);
    await box.press('Enter');
    await session.page.getByRole('button', { name: `Rename “${TITLE}”` }).waitFor();
    expect(await title().textContent()).toBe(TITLE);
    expect(await conversationItems().first().textContent()).toContain(TITLE);
    const focused = await session.page.evaluate(() => document.activeElement?.textContent);
    expect(focused).toBe('Rename');
  });

  test('exports the conversation as Markdown and as JSON', async () => {
    const markdown = await download(session.page.getByRole('button', { name: 'Export Markdown' }));
    expect(markdown.name).toBe('sediment-core-vh-7.md');
    expect(markdown.text).toContain(`# ${TITLE}`);
    expect(markdown.text).toContain(`## 1. ${FIRST_QUESTION}`);
    expect(markdown.text).toContain(`## 2. ${FOLLOW_UP}`);
    expect(markdown.text).toContain('312 metres');
    expect(markdown.text).toContain('### Sources');
    expect(markdown.text).toMatch(/- \[1\] `lake-varnholm-station\.md` \(library\)\n {2}> /);
    expect(markdown.text).toContain('### Trace');
    expect(markdown.text).toMatch(/\d+ LLM calls? · [\d,]+ tokens · [\d.]+ s/);
    expect(markdown.text).toContain('Strategy: single');

    const json = await download(session.page.getByRole('button', { name: 'Export JSON' }));
    expect(json.name).toBe('sediment-core-vh-7.json');
    const exported = JSON.parse(json.text) as {
      format: string;
      conversation: {
        title: string;
        turns: {
          question: string;
          answer: string;
          citations: { path: string; quote?: string }[];
          events: { type: string }[];
        }[];
      };
    };
    expect(exported.format).toBe('archivist-conversation');
    expect(exported.conversation.title).toBe(TITLE);
    const [first, second] = exported.conversation.turns;
    expect(first?.question).toBe(FIRST_QUESTION);
    expect(first?.answer).toContain('312 metres');
    expect(first?.citations[0]?.path).toBe('lake-varnholm-station.md');
    expect(first?.citations[0]?.quote).toContain('312 metres');
    expect(first?.events.map(({ type }) => type)).toContain('run-end');
    expect(second?.events.map(({ type }) => type)).toContain('question-rewrite');
  });

  test('reopens the conversation after a reload', async () => {
    await session.page.reload();
    await title().getByText(TITLE).waitFor();
    expect(await turns().count()).toBe(2);
    expect(await turns().nth(1).getByTestId('answer').textContent()).toContain('2011');
  });

  test('keeps the app, the collection and the conversation with the network off', async () => {
    await session.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await session.context.setOffline(true);
    try {
      await session.page.reload();
      await title().getByText(TITLE).waitFor();
      expect(await turns().count()).toBe(2);
      await app.openLibrary(baseUrl);
      await expect
        .poll(() => app.collectionCard('library').getByTestId('collection-counts').textContent())
        .toMatch(/^\d+ files · \d+ chunks$/);
    } finally {
      await session.context.setOffline(false);
    }
  });

  test('deletes the conversation after a confirmation', async () => {
    await app.goToAsk();
    await session.page.getByRole('button', { name: `Delete “${TITLE}”` }).click();
    const dialog = session.page.getByRole('dialog', { name: `Delete “${TITLE}”?` });
    await dialog.getByRole('button', { name: 'Delete conversation' }).click();
    await conversationItems().first().waitFor({ state: 'detached' });
    expect(await title().textContent()).toBe('New conversation');
    expect(await turns().count()).toBe(0);
    await session.page.reload();
    await session.page.getByRole('textbox', { name: 'Your question' }).waitFor();
    expect(await conversationItems().count()).toBe(0);
  });

  test('deletes all data and reopens as an empty app', async () => {
    await app.ask(FIRST_QUESTION);
    await conversationItems().first().waitFor();
    await app.openLibrary(baseUrl);
    await session.page.getByRole('button', { name: 'Delete all data…' }).click();
    const dialog = session.page.getByRole('dialog', { name: 'Delete all of Archivist’s data?' });
    await dialog.getByRole('button', { name: 'Delete everything' }).click();
    await session.page.getByRole('heading', { name: 'No collections yet' }).waitFor();
    expect(await app.collectionCard('library').count()).toBe(0);
    await session.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Ask' })
      .click();
    await session.page.getByRole('heading', { name: 'Nothing to ask about yet' }).waitFor();
    expect(await conversationItems().count()).toBe(0);
    expect(await session.page.evaluate(() => localStorage.length)).toBe(0);
  });

  test('sends nothing off the device', () => {
    expect(requestsOffDevice(session.requests)).toEqual([]);
  });
});
