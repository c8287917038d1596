/**
 * Asking through an OpenAI-compatible server, as a person with Ollama or llama.cpp on their
 * machine would: the scripted server on 127.0.0.1 stands in for the model. A multi-step question
 * runs the planner, its trace shows the plan, a citation opens the highlighted passage; thorough
 * mode shows its candidates, the notes the monitor spliced in and the scores. The server appends
 * hostile markup to every text reply: it must render as text, and no script may run.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  startScriptedChatServer,
  type ScriptedChatServer,
} from '../../scripts/eval/scripted-chat-server.ts';
import { useAppSession } from './support/app-session.ts';

/** Would set `window.hostileMarkupRan` if the model's text ever became HTML. */
const HOSTILE_MARKUP =
  ' <img src="x" onerror="window.hostileMarkupRan = true"><script>window.hostileMarkupRan = true</script>';

describe('asking through an OpenAI-compatible server', () => {
  const ui = useAppSession({ name: 'server' });
  let server: ScriptedChatServer;

  beforeAll(async () => {
    server = await startScriptedChatServer({ textSuffix: HOSTILE_MARKUP });
  });

  afterAll(() => server?.close());

  test('connects to the server after a connection test', async () => {
    await ui.app.goToAsk();
    await ui.app.useModelServer(server.url, 'scripted');
    expect(await ui.page.getByTestId('answer-engine-label').textContent()).toContain('scripted');
  });

  test('plans a multi-step question, shows the plan and opens a cited passage', async () => {
    const page = ui.page;
    await ui.app.answerWithServer(server.url, 'scripted');
    await page
      .getByRole('combobox', { name: 'Strategy' })
      .selectOption({ label: 'Plan (multi-step)' });
    const requestsBefore = server.requests.length;
    const answer = await ui.app.askAnew(
      'Who directs the station where the 312-metre sediment core was drilled?',
    );
    expect(server.requests.length).toBeGreaterThan(requestsBefore + 2);
    expect((await answer.textContent())?.trim().length).toBeGreaterThan(0);

    const trace = await ui.app.openTrace();
    const lines = await trace.getByRole('listitem').allTextContents();
    expect(lines.some((line) => line.includes('Strategy: plan (chosen by user)'))).toBe(true);
    expect(lines.some((line) => line.includes('Sub-question'))).toBe(true);
    expect(lines.some((line) => /Known: \d+ facts? · Required: \d+ open/.test(line))).toBe(true);
    expect(await trace.getByTestId('trace-totals').textContent()).toMatch(
      /\d+ LLM calls · [\d,]+ tokens/,
    );

    const citation = answer.getByRole('button', { name: /Open source \d+/ }).first();
    await citation.click();
    const passage = page.getByTestId('document-passage');
    await passage.waitFor();
    expect(await passage.isVisible()).toBe(true);
    expect((await passage.textContent())?.trim().length).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await passage.waitFor({ state: 'hidden' });
  });

  test('answers thoroughly with notes spliced in and every candidate scored', async () => {
    const page = ui.page;
    await ui.app.answerWithServer(server.url, 'scripted');
    await page
      .getByRole('combobox', { name: 'Strategy' })
      .selectOption({ label: 'Thorough (slower, checks itself)' });
    // The scripted proposals hedge for about half of all questions; this one hedges.
    await ui.app.askAnew('How long did the migration to schema version 3 take?');
    const trace = await ui.app.openTrace();
    const table = trace.getByRole('table', { name: 'Candidates' });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(2);
    expect(await table.getByText('not evaluated').count()).toBe(0);
    const lines = await trace.getByRole('listitem').allTextContents();
    expect(lines.some((line) => line.includes('Monitor: knowledge gap in candidate 1'))).toBe(true);
    expect(lines.some((line) => line.includes('Evidence note spliced into candidate 1'))).toBe(
      true,
    );
    expect(lines.some((line) => /Candidate \d scored q = \d/.test(line))).toBe(true);
    expect(lines.some((line) => /Chose candidate [12]/.test(line))).toBe(true);
  });

  test('shows markup in model output as text and runs none of it', async () => {
    await ui.app.answerWithServer(server.url, 'scripted');
    await ui.page
      .getByRole('combobox', { name: 'Strategy' })
      .selectOption({ label: 'Thorough (slower, checks itself)' });
    const answer = await ui.app.askAnew('How long did the migration to schema version 3 take?');
    expect(await answer.textContent()).toContain('<img src="x" onerror=');
    expect(await answer.locator('img, script').count()).toBe(0);
    const trace = await ui.app.openTrace();
    await trace.getByRole('table', { name: 'Candidates' }).waitFor();
    expect(await trace.locator('img, script').count()).toBe(0);
    expect(await ui.page.evaluate(() => 'hostileMarkupRan' in window)).toBe(false);
  });
});
