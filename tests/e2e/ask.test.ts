import { describe, expect, test } from 'vitest';
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

  test('answers without a model with the passages, opening the one cited', async () => {
    await ui.app.askAnew('How long is the sediment core VH-7?');
    const reading = ui.page.getByTestId('reading').last();
    expect(await reading.textContent()).toContain('312 metres');
    const citation = reading.getByRole('button', { name: /^Open passage 1: / });
    expect(await citation.textContent()).toContain('[1]');
    await citation.click();
    const passage = ui.page.getByTestId('document-passage');
    await passage.waitFor();
    expect(await passage.textContent()).toContain('312 metres');
    expect(await passage.isVisible()).toBe(true);
    await ui.page.keyboard.press('Escape');
    await passage.waitFor({ state: 'hidden' });
  });

  test('shows the strategy and the retrieval in the trace', async () => {
    await ui.app.askAnew('How long is the sediment core VH-7?');
    const trace = await ui.app.openTrace();
    const lines = await trace.getByRole('listitem').allTextContents();
    expect(lines.some((line) => line.includes('Strategy: passages'))).toBe(true);
    expect(lines.some((line) => /Retrieved \d+ passages?/.test(line))).toBe(true);
    expect(lines.some((line) => line.includes('Run answered'))).toBe(true);
    const totals = await trace.getByTestId('trace-totals').textContent();
    expect(totals).toMatch(/No language model · \d+ steps? · /);
    expect(totals).not.toMatch(/LLM call|tokens/);
  });

  test('shows why on-device models cannot run here, and keeps answering extractively', async () => {
    await ui.app.goToAsk();
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
    await settings.locator('summary').click();
    await ui.app.askAnew('How long is the sediment core VH-7?');
    expect(await ui.page.getByTestId('reading').last().textContent()).toContain('312 metres');
    expect(await ui.page.getByTestId('answer-engine-label').textContent()).toBe(
      'Extractive (no model)',
    );
  });
});
