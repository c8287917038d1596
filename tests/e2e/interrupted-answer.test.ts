/**
 * A reload while an answer streams loses neither the question nor what was answered of it: the
 * turn is saved when it starts and every 2 s as it streams, and after the reload it shows as
 * interrupted, with the text saved by then, in a conversation listed in the history; Regenerate
 * answers it in place. The model is the scripted server, writing its streamed answers slowly (the
 * plan strategy streams its final answer).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  startScriptedChatServer,
  type ScriptedChatServer,
} from '../../scripts/eval/scripted-chat-server.ts';
import { useAppSession } from './support/app-session.ts';

const QUESTION = 'How long is the sediment core VH-7?';
/** Between streamed pieces of 24 characters: an answer takes several seconds. */
const SLOW_PAUSE_MS = 600;

/** The stored turns of every conversation (read from the page's IndexedDB), in order. */
async function storedTurns(page: Page): Promise<{ status: string; answer: string }[]> {
  return page.evaluate(
    () =>
      new Promise<{ status: string; answer: string }[]>((done, fail) => {
        const opening = indexedDB.open('archivist-conversations');
        opening.onerror = () => fail(opening.error);
        opening.onsuccess = () => {
          const database = opening.result;
          const reading = database
            .transaction('conversations')
            .objectStore('conversations')
            .getAll();
          reading.onerror = () => fail(reading.error);
          reading.onsuccess = () => {
            database.close();
            const conversations = reading.result as {
              turns: { status: string; answer: string }[];
            }[];
            done(
              conversations.flatMap(({ turns }) =>
                turns.map(({ status, answer }) => ({ status, answer })),
              ),
            );
          };
        };
      }),
  );
}

describe('a reload while an answer streams', () => {
  const ui = useAppSession({ name: 'interrupted-answer' });
  let server: ScriptedChatServer;

  beforeAll(async () => {
    server = await startScriptedChatServer({ streamPauseMs: SLOW_PAUSE_MS });
  });

  afterAll(() => server?.close());

  test('keeps the question and the saved part of its answer, marked interrupted', async () => {
    const page = ui.page;
    await ui.app.goToAsk();
    await ui.app.useModelServer(server.url, 'scripted');
    await page
      .getByRole('combobox', { name: 'Strategy' })
      .selectOption({ label: 'Plan (multi-step)' });
    const box = page.getByRole('textbox', { name: 'Your question' });
    await box.fill(QUESTION);
    await box.press('Enter');

    // Saved at the start, then as it streams: wait for a save with some of the answer in it.
    await expect
      .poll(async () => (await storedTurns(page)).map(({ status }) => status), { timeout: 5000 })
      .toEqual(['running']);
    await expect
      .poll(async () => (await storedTurns(page))[0]?.answer.length ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Stop' }).count()).toBe(1);
    const saved = (await storedTurns(page))[0]!.answer;

    await page.reload();
    await ui.app.goToAsk();
    const turn = page.getByTestId('turn');
    await turn.first().waitFor();
    expect(await turn.count()).toBe(1);
    expect(await turn.getAttribute('data-status')).toBe('interrupted');
    expect(await turn.getByRole('heading').first().textContent()).toBe(QUESTION);
    expect(await turn.getByTestId('turn-interrupted').textContent()).toContain(
      'the page closed or reloaded before this answer was finished',
    );
    const shown = (await turn.getByTestId('answer').textContent()) ?? '';
    const savedWords = saved
      .replace(/[*[\]\d]/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
    expect(savedWords.length).toBeGreaterThan(0);
    for (const word of savedWords.slice(0, 3)) expect(shown).toContain(word);
    expect(await page.getByTestId('conversation-item').count()).toBe(1);
    expect(await page.getByTestId('conversation-item').first().textContent()).toContain(QUESTION);

    server.setStreamPause(0);
    await turn.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached' });
    await expect.poll(() => turn.getAttribute('data-status')).toBe('answered');
    expect(await page.getByTestId('turn').count()).toBe(1);
    expect(await turn.getByTestId('turn-interrupted').count()).toBe(0);
    expect((await storedTurns(page)).map(({ status }) => status)).toEqual(['answered']);
  });
});
