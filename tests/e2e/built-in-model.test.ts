/**
 * The browser's built-in model, as a person with desktop Chrome meets it: a stand-in of the
 * Prompt API (tests/support/prompt-api-stand-in.ts, the shipped interface, replying as the
 * scripted server does) is injected before the app's code runs, with the model not yet
 * downloaded. The Models view recommends it; chosen with the keyboard, the browser "downloads"
 * it and questions go to it from the library worker through the page; a multi-step question runs
 * the planner, the turn and its trace name the engine, and no session is prompted twice. An
 * answer read without a model that needed one offers the built-in model right under it. The
 * server form on the Models view lists the scripted server's models from its address alone.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  startScriptedChatServer,
  type ScriptedChatServer,
} from '../../scripts/eval/scripted-chat-server.ts';
import { readPrompt, scriptedText, scriptedValue } from '../../scripts/eval/scripted-replies.ts';
import type { ChatMessage, JsonSchema } from '../../src/core/ports/chat-engine.ts';
import {
  installPromptApiStandIn,
  type PromptApiStandInConfig,
  type PromptApiStandInRecord,
} from '../support/prompt-api-stand-in.ts';
import { useAppSession } from './support/app-session.ts';
import { describeViolation, runAxe, serious } from './support/axe.ts';
import { focused, tabTo } from './support/focus.ts';

const USE_BUILT_IN = 'Use the model built into this browser';

const STAND_IN: PromptApiStandInConfig = {
  availability: 'downloadable',
  downloadSteps: [0, 0.4, 1],
  contextWindow: 6144,
  replyFunction: '__promptApiReply',
};

/** What the model says: a schema's plausible value, or a short answer citing [1]. */
function reply(request: { messages: ChatMessage[]; schema?: JsonSchema }): string {
  const reading = readPrompt(request.messages);
  return request.schema
    ? JSON.stringify(scriptedValue(request.schema, reading))
    : scriptedText(reading, request.messages);
}

describe("the browser's built-in model (a stand-in of the Prompt API)", () => {
  const ui = useAppSession({
    name: 'built-in',
    beforeOpen: async ({ context, page }) => {
      await page.exposeFunction(STAND_IN.replyFunction ?? '', reply);
      // The bundler may wrap functions in __name(); the page has no such helper.
      await context.addInitScript({
        content: `var __name = (target) => target; (${installPromptApiStandIn.toString()})(window, ${JSON.stringify(STAND_IN)});`,
      });
    },
  });
  let server: ScriptedChatServer;

  beforeAll(async () => {
    server = await startScriptedChatServer();
  });

  afterAll(() => server?.close());

  const standIn = (): Promise<PromptApiStandInRecord> =>
    ui.page.evaluate(
      () =>
        (window as unknown as { __promptApiStandIn: PromptApiStandInRecord }).__promptApiStandIn,
    );

  async function openModels(): Promise<void> {
    await ui.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Models' })
      .click();
    await ui.page.getByRole('heading', { name: 'Recommended engine' }).waitFor();
  }

  /** Chooses the built-in model from the recommendation with the keyboard, unless it is in use. */
  async function useBuiltIn(): Promise<void> {
    await openModels();
    const recommendation = ui.page.getByTestId('engine-recommendation');
    await recommendation.and(ui.page.locator('[data-kind="built-in"]')).waitFor();
    if (await recommendation.getByTestId('recommendation-in-use').isVisible()) return;
    await recommendation.getByRole('button', { name: USE_BUILT_IN }).waitFor();
    await ui.page.locator('body').focus();
    await tabTo(ui.page, `button "${USE_BUILT_IN}"`);
    await ui.page.keyboard.press('Enter');
    await recommendation.getByTestId('recommendation-in-use').waitFor();
  }

  test('recommends the built-in model, passes axe, and is set up from the keyboard', async () => {
    await openModels();
    const recommendation = ui.page.getByTestId('engine-recommendation');
    await recommendation.and(ui.page.locator('[data-kind="built-in"]')).waitFor();
    expect(await recommendation.textContent()).toContain(USE_BUILT_IN);
    const { violations } = await runAxe(ui.page);
    expect(serious(violations).map(describeViolation)).toEqual([]);

    await useBuiltIn();
    expect(await focused(ui.page)).not.toBe('body');
    expect(await ui.page.getByTestId('models-engine-label').textContent()).toBe(
      'The model built into this browser',
    );
    const record = await standIn();
    expect(record.availabilityCalls.length).toBeGreaterThan(0);
    expect(record.sessions[0]?.destroyed).toBe(false);
  });

  test('answers a multi-step question through the planner, naming the engine', async () => {
    await useBuiltIn();
    const page = ui.page;
    await ui.app.goToAsk();
    await page
      .getByRole('combobox', { name: 'Strategy' })
      .selectOption({ label: 'Plan (multi-step)' });
    const sessionsBefore = (await standIn()).sessions.length;
    const answer = await ui.app.askAnew(
      'Who directs the station where the 312-metre sediment core was drilled?',
    );
    expect((await answer.textContent())?.trim().length).toBeGreaterThan(0);
    expect(await page.getByTestId('turn-engine').last().textContent()).toContain(
      'Answered with the model built into this browser',
    );

    const trace = await ui.app.openTrace();
    const lines = await trace.getByRole('listitem').allTextContents();
    expect(lines.some((line) => line.includes('Strategy: plan (chosen by user)'))).toBe(true);
    expect(lines.some((line) => line.includes('Sub-question'))).toBe(true);
    expect(lines.some((line) => line.includes('the model built into this browser'))).toBe(true);
    const totals = await trace.getByTestId('trace-totals').textContent();
    const calls = Number(/(\d+) LLM calls/.exec(totals ?? '')?.[1] ?? 0);
    expect(calls).toBeGreaterThan(2);

    // One fresh session per call, each prompted once and destroyed: no history between agents.
    const sessions = (await standIn()).sessions.slice(sessionsBefore);
    expect(sessions.length).toBe(calls);
    expect(sessions.every((session) => session.prompts.length === 1 && session.destroyed)).toBe(
      true,
    );
    expect(sessions.some((session) => session.prompts[0]?.responseConstraint)).toBe(true);
  });

  test("lists the server's models from its address alone", async () => {
    await openModels();
    const form = ui.page.getByRole('form', { name: 'OpenAI-compatible server' });
    await form.getByRole('textbox', { name: 'Base URL' }).fill(server.url);
    await form.getByRole('textbox', { name: 'Model' }).fill('');
    await form.getByRole('button', { name: 'List models' }).click();
    await form.getByTestId('server-models').waitFor();
    expect(await form.getByTestId('server-models').textContent()).toContain('scripted');
    expect(await form.getByRole('combobox', { name: 'The server’s models' }).inputValue()).toBe(
      'scripted',
    );
    expect(await form.getByRole('textbox', { name: 'Model' }).inputValue()).toBe('scripted');
  });

  test('offers the built-in model under an answer that needed one, and answers with it after', async () => {
    const page = ui.page;
    await ui.app.useExtractive();
    const question = 'What did Tomas order, and who is the project lead of Project Heron?';
    const reading = (await ui.app.askAnew(question)).getByTestId('reading');
    expect(await reading.getAttribute('data-outcome')).toBe('needs-model');
    const offer = page.getByTestId('model-offer');
    await offer.getByRole('button', { name: USE_BUILT_IN }).click();
    await offer.waitFor({ state: 'detached' });
    expect(await page.getByTestId('answer-engine-label').textContent()).toBe(
      'The model built into this browser',
    );
    await page.getByRole('button', { name: 'Regenerate' }).last().click();
    await page.getByRole('button', { name: 'Ask', exact: true }).waitFor();
    await page.getByTestId('turn-engine').and(page.locator('[data-kind="built-in"]')).waitFor();
    expect(await page.getByTestId('turn-engine').count()).toBe(1);
  });
});
