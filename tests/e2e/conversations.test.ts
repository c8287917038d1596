/**
 * Conversations as a person keeps them: a question and a follow-up in one conversation, an
 * answer regenerated and copied, the conversation renamed and exported (Markdown and JSON, with
 * sources and trace), still there after a reload and, with the network off, after another; then
 * deleted, and finally everything deleted, which leaves the empty app.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { requestsOffDevice } from './support/browser.ts';
import { useAppSession } from './support/app-session.ts';

const FIRST_QUESTION = 'How long is the sediment core VH-7?';
const FOLLOW_UP = 'When was it drilled?';
const TITLE = 'Sediment core VH-7';

describe('conversations', () => {
  const ui = useAppSession({ name: 'conversations' });

  const turns = () => ui.page.getByTestId('turn');
  const conversationItems = () => ui.page.getByTestId('conversation-item');
  const title = () => ui.page.getByTestId('conversation-title');

  /** Clicks `button` and resolves the file it downloads, with its text. */
  async function download(button: Locator): Promise<{ name: string; text: string }> {
    const [file] = await Promise.all([
      ui.page.waitForEvent('download') as Promise<Download>,
      button.click(),
    ]);
    return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
  }

  test('asks a question and a follow-up in the same conversation', async () => {
    await ui.app.goToAsk();
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
    await ui.page.getByRole('button', { name: `Rename “${FIRST_QUESTION}”` }).click();
    const box = ui.page.getByRole('textbox', { name: 'Conversation title' });
    await box.fill(TITLE);
    await box.press('Enter');
    await ui.page.getByRole('button', { name: `Rename “${TITLE}”` }).waitFor();
    expect(await title().textContent()).toBe(TITLE);
    expect(await conversationItems().first().textContent()).toContain(TITLE);
    const focused = await ui.page.evaluate(() => document.activeElement?.textContent);
    expect(focused).toBe('Rename');
  });

  test('exports the conversation as Markdown and as JSON', async () => {
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
    await ui.page.reload();
    await title().getByText(TITLE).waitFor();
    expect(await turns().count()).toBe(2);
    expect(await turns().nth(1).getByTestId('answer').textContent()).toContain('2011');
  });

  test('keeps the app, the collection and the conversation with the network off', async () => {
    await ui.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await ui.browser.context.setOffline(true);
    try {
      await ui.page.reload();
      await title().getByText(TITLE).waitFor();
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
    await ui.app.goToAsk();
    await ui.page.getByRole('button', { name: `Delete “${TITLE}”` }).click();
    const dialog = ui.page.getByRole('dialog', { name: `Delete “${TITLE}”?` });
    await dialog.getByRole('button', { name: 'Delete conversation' }).click();
    await conversationItems().first().waitFor({ state: 'detached' });
    expect(await title().textContent()).toBe('New conversation');
    expect(await turns().count()).toBe(0);
    await ui.page.reload();
    await ui.page.getByRole('textbox', { name: 'Your question' }).waitFor();
    expect(await conversationItems().count()).toBe(0);
  });

  test('deletes all data and reopens as an empty app', async () => {
    await ui.app.ask(FIRST_QUESTION);
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

  test('sends nothing off the device', () => {
    expect(requestsOffDevice(ui.browser.requests)).toEqual([]);
  });
});
