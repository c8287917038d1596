import { describe, expect, test } from 'vitest';
import { requestsOffDevice } from './support/browser.ts';
import { useAppSession } from './support/app-session.ts';

describe('asking a question in the browser', () => {
  const ui = useAppSession({ name: 'ask' });

  test('opens on the Ask screen once a collection exists', async () => {
    await ui.page.goto(ui.baseUrl);
    await ui.page.getByRole('textbox', { name: 'Your question' }).waitFor();
    const current = ui.page
      .getByRole('navigation', { name: 'Main' })
      .locator('[aria-current="page"]');
    expect(await current.textContent()).toBe('Ask');
    expect(await ui.page.getByTestId('answer-engine-label').textContent()).toBe(
      'Extractive (no model)',
    );
  });

  test('answers with the extractive engine, citing the passage it opens', async () => {
    await ui.app.goToAsk();
    const answer = await ui.app.ask('How long is the sediment core VH-7?');
    expect(await answer.textContent()).toContain('312 metres');
    const citation = answer.getByRole('button', { name: 'Open source 1' }).first();
    expect(await citation.textContent()).toBe('[1]');
    await citation.click();
    const passage = ui.page.getByTestId('document-passage');
    await passage.waitFor();
    expect(await passage.textContent()).toContain('312 metres');
    expect(await passage.isVisible()).toBe(true);
    await ui.page.keyboard.press('Escape');
    await passage.waitFor({ state: 'hidden' });
  });

  test('shows the strategy and the retrieval in the trace', async () => {
    const trace = await ui.app.openTrace();
    const lines = await trace.getByRole('listitem').allTextContents();
    expect(lines.some((line) => line.includes('Strategy: single'))).toBe(true);
    expect(lines.some((line) => /Retrieved \d+ passages? from library/.test(line))).toBe(true);
    expect(lines.some((line) => line.includes('Run answered'))).toBe(true);
    expect(await trace.getByTestId('trace-totals').textContent()).toMatch(/LLM calls? · /);
  });

  test('shows why on-device models cannot run here, and keeps answering extractively', async () => {
    const settings = ui.page.getByTestId('answer-engine');
    await settings.locator('summary').click();
    const reason = settings.getByTestId('webgpu-reason');
    await reason.waitFor();
    expect(await reason.textContent()).toMatch(
      /cannot run on-device models: (this browser has no WebGPU|WebGPU found no usable graphics adapter)/,
    );
    const model = settings.getByRole('combobox', { name: 'Model', exact: true });
    expect(await model.locator('option:not([disabled])').count()).toBe(0);
    expect(await model.locator('option').first().textContent()).toContain('cannot run:');
    expect(await settings.getByRole('button', { name: 'Load this model' }).isDisabled()).toBe(true);
    const answer = await ui.app.ask('How long is the sediment core VH-7?');
    expect(await answer.textContent()).toContain('312 metres');
    expect(await ui.page.getByTestId('answer-engine-label').textContent()).toBe(
      'Extractive (no model)',
    );
  });

  test('answers thoroughly, showing the candidates it weighed and the one it chose', async () => {
    const page = ui.page;
    await page
      .getByRole('combobox', { name: 'Strategy' })
      .selectOption({ label: 'Thorough (slower, checks itself)' });
    const candidates = page.getByRole('combobox', { name: 'Candidates' });
    expect(await candidates.inputValue()).toBe('2');
    expect(await page.locator('#thorough-hint').textContent()).toContain('picks the best');
    expect(await candidates.getAttribute('aria-describedby')).toBe('thorough-hint');

    const answer = await ui.app.ask('How long is the sediment core VH-7?');
    expect(await answer.textContent()).toContain('312 metres');

    const trace = await ui.app.openTrace();
    const table = trace.getByRole('table', { name: 'Candidates' });
    await table.waitFor();
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.locator('th').allTextContents()).toEqual([
      expect.stringMatching(/^\s*1\b/),
      expect.stringMatching(/^\s*2\b/),
    ]);
    expect(await table.getByText('chosen', { exact: true }).count()).toBe(1);
    const lines = await trace.getByRole('listitem').allTextContents();
    expect(lines.some((line) => line.includes('Strategy: thorough'))).toBe(true);
    expect(lines.some((line) => line.includes('Candidate 1: writing'))).toBe(true);
    expect(lines.some((line) => /Chose candidate [12]/.test(line))).toBe(true);
    expect(lines.some((line) => line.includes('Strategy: single instead'))).toBe(false);

    await page.getByRole('combobox', { name: 'Strategy' }).selectOption({ label: 'Auto' });
    await candidates.waitFor({ state: 'detached' });
  });

  test('sends nothing off the device', () => {
    expect(requestsOffDevice(ui.browser.requests)).toEqual([]);
  });
});
