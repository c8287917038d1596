/**
 * Conversations as a person keeps them: a question and a follow-up in one conversation, an
 * answer regenerated and copied, the conversation renamed and exported (Markdown and JSON, with
 * sources and trace), still there after a reload and, with the network off, after another;
 * deleted; and everything deleted, which leaves the empty app. Each test starts with no
 * conversation stored and asks what it needs.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Download, Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, test } from 'vitest';
import { useAppSession } from './support/app-session.ts';

const FIRST_QUESTION = 'How long is the sediment core VH-7?';
const FOLLOW_UP = 'When was it drilled?';
const TITLE = 'Sediment core VH-7';

/**
 * Deletes every stored conversation underneath the app (both stores of its conversations
 * database, which is left for the app to create when there is none yet), then reloads it.
 */
async function withoutConversations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const database = await new Promise<IDBDatabase | undefined>((resolve, reject) => {
      const opening = indexedDB.open('archivist-conversations');
      opening.onupgradeneeded = () => opening.transaction?.abort();
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () =>
        opening.error?.name === 'AbortError' ? resolve(undefined) : reject(opening.error);
    });
    if (!database) return;
    const clearing = database.transaction(['conversations', 'summaries'], 'readwrite');
    clearing.objectStore('conversations').clear();
    clearing.objectStore('summaries').clear();
    await new Promise((resolve, reject) => {
      clearing.oncomplete = resolve;
      clearing.onerror = () => reject(clearing.error);
    });
    database.close();
  });
  await page.reload();
}

describe('conversations', () => {
  const ui = useAppSession({ name: 'conversations' });

  const turns = () => ui.page.getByTestId('turn');
  const conversationItems = () => ui.page.getByTestId('conversation-item');
  const title = () => ui.page.getByTestId('conversation-title');

  beforeEach(async () => {
    await withoutConversations(ui.page);
    await ui.app.goToAsk();
    await ui.page.getByText('Your conversations are kept here, on this device.').waitFor();
  });

  /** The first question and its follow-up, in a new conversation. */
  async function askWithFollowUp(): Promise<void> {
    await ui.app.askAnew(FIRST_QUESTION);
    await ui.app.ask(FOLLOW_UP);
    await conversationItems().first().getByText('2 questions').waitFor();
  }

  /** Renames the open conversation (the only one) from `from` to `to`. */
  async function rename(from: string, to: string): Promise<void> {
    await ui.page.getByRole('button', { name: `Rename “${from}”` }).click();
    const box = ui.page.getByRole('textbox', { name: 'Conversation title' });
    await box.fill(to);
    await box.press('Enter');
    await ui.page.getByRole('button', { name: `Rename “${to}”` }).waitFor();
  }

  /** Clicks `button` and resolves the file it downloads, with its text. */
  async function download(button: Locator): Promise<{ name: string; text: string }> {
    const [file] = await Promise.all([
      ui.page.waitForEvent('download') as Promise<Download>,
      button.click(),
    ]);
    return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
  }

  test('asks a question and a follow-up in the same conversation', async () => {
    const first = await ui.app.ask(FIRST_QUESTION);
    expect(await first.textContent()).toContain('312 metres');
    const followUp = await ui.app.ask(FOLLOW_UP);
    expect(await followUp.textContent()).toContain('2011');

    expect(await turns().count()).toBe(2);
    expect(await turns().nth(0).getByRole('heading').first().textContent()).toBe(FIRST_QUESTION);
    expect(await turns().nth(1).getByRole('heading').first().textContent()).toBe(FOLLOW_UP);
    expect(await title().textContent()).toBe(FIRST_QUESTION);
    expect(await conversationItems().count()).toBe(1);
    expect(await conversationItems().first().textContent()).toContain('2 questions');
    const sources = turns().nth(1).getByTestId('sources');
    expect(await sources.textContent()).toContain('lake-varnholm-station.md');

    const trace = await ui.app.openTrace();
    const lines = await trace.getByRole('listitem').allTextContents();
    expect(lines.some((line) => line.includes('Follow-up searched with the previous'))).toBe(true);
    expect(
      await ui.page.getByRole('textbox', { name: 'Your question' }).getAttribute('placeholder'),
    ).toBe('Ask a follow-up question…');
  });

  test('regenerates an answer in place and copies it with its sources', async () => {
    await askWithFollowUp();
    const last = turns().nth(1);
    await last.getByRole('button', { name: 'Regenerate' }).click();
    await last.getByRole('button', { name: 'Regenerate' }).waitFor();
    await expect.poll(() => last.getAttribute('data-status')).toMatch(/^(answered|passages)$/);
    expect(await turns().count()).toBe(2);
    expect(await last.getByTestId('sources').textContent()).toContain('2011');

    await ui.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(ui.baseUrl).origin,
    });
    await turns().nth(0).getByRole('button', { name: 'Copy' }).click();
    await turns().nth(0).getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await ui.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('312 metres');
    expect(copied).toContain('Sources:');
    expect(copied).toContain('lake-varnholm-station.md');
  });

  test('renames the conversation in place', async () => {
    await ui.app.ask(FIRST_QUESTION);
    await rename(FIRST_QUESTION, TITLE);
    expect(await title().textContent()).toBe(TITLE);
    expect(await conversationItems().first().textContent()).toContain(TITLE);
    const focused = await ui.page.evaluate(() => document.activeElement?.textContent);
    expect(focused).toBe('Rename');
  });

  test('exports the conversation as Markdown and as JSON', async () => {
    await askWithFollowUp();
    await rename(FIRST_QUESTION, TITLE);
    const markdown = await download(ui.page.getByRole('button', { name: 'Export Markdown' }));
    expect(markdown.name).toBe('sediment-core-vh-7.md');
    expect(markdown.text).toContain(`# ${TITLE}`);
    expect(markdown.text).toContain(`## 1. ${FIRST_QUESTION}`);
    expect(markdown.text).toContain(`## 2. ${FOLLOW_UP}`);
    expect(markdown.text).toContain('312 metres');
    expect(markdown.text).toContain('### Sources');
    expect(markdown.text).toMatch(/- \[1\] `lake-varnholm-station\.md` \(library\)\n {2}> /);
    expect(markdown.text).toContain('### Trace');
    expect(markdown.text).toMatch(/No language model · \d+ steps? · [\d.]+ s/);
    expect(markdown.text).toContain('Strategy: passages');

    const json = await download(ui.page.getByRole('button', { name: 'Export JSON' }));
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
    await askWithFollowUp();
    await ui.page.reload();
    await title().getByText(FIRST_QUESTION).waitFor();
    expect(await turns().count()).toBe(2);
    expect(await turns().nth(1).getByTestId('answer').textContent()).toContain('2011');
  });

  test('keeps the app, the collection and the conversation with the network off', async () => {
    await askWithFollowUp();
    await ui.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await ui.browser.context.setOffline(true);
    try {
      await ui.page.reload();
      await title().getByText(FIRST_QUESTION).waitFor();
      expect(await turns().count()).toBe(2);
      await ui.app.openLibrary(ui.baseUrl);
      await expect
        .poll(() => ui.app.collectionCard('library').getByTestId('collection-counts').textContent())
        .toMatch(/^\d+ files · \d+ chunks$/);
    } finally {
      await ui.browser.context.setOffline(false);
    }
  });

  test('deletes the conversation after a confirmation', async () => {
    await ui.app.ask(FIRST_QUESTION);
    await ui.page.getByRole('button', { name: `Delete “${FIRST_QUESTION}”` }).click();
    const dialog = ui.page.getByRole('dialog', { name: `Delete “${FIRST_QUESTION}”?` });
    await dialog.getByRole('button', { name: 'Delete conversation' }).click();
    await conversationItems().first().waitFor({ state: 'detached' });
    expect(await title().textContent()).toBe('New conversation');
    expect(await turns().count()).toBe(0);
    await ui.page.reload();
    await ui.page.getByRole('textbox', { name: 'Your question' }).waitFor();
    expect(await conversationItems().count()).toBe(0);
  });
});

describe('deleting all data', () => {
  // A folder of its own, as the test deletes it.
  const ui = useAppSession({
    name: 'delete-all',
    copyLibrary: false,
    addLibrary: true,
    prepare: async (workspace) => {
      await mkdir(join(workspace, 'library'));
      await writeFile(
        join(workspace, 'library', 'core.md'),
        '# Sediment cores\n\nThe sediment core VH-7 is 312 metres long.\n',
      );
    },
  });

  const conversationItems = () => ui.page.getByTestId('conversation-item');

  test('deletes all data and reopens as an empty app', async () => {
    await ui.app.askAnew(FIRST_QUESTION);
    await conversationItems().first().waitFor();
    await ui.app.openLibrary(ui.baseUrl);
    await ui.page.getByRole('button', { name: 'Delete all data…' }).click();
    const dialog = ui.page.getByRole('dialog', { name: 'Delete all of Archivist’s data?' });
    await dialog.getByRole('button', { name: 'Delete everything' }).click();
    await ui.page.getByRole('heading', { name: 'No collections yet' }).waitFor();
    expect(await ui.app.collectionCard('library').count()).toBe(0);
    await ui.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Ask' })
      .click();
    await ui.page.getByRole('heading', { name: 'Nothing to ask about yet' }).waitFor();
    expect(await conversationItems().count()).toBe(0);
    expect(await ui.page.evaluate(() => localStorage.length)).toBe(0);
  });
});
