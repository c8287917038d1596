/**
 * Answers before any language model is set up: the passages that match, each with its best
 * sentence marked, a likely answer only when the reader is confident, what to do when a model is
 * needed or nothing matches; the strategies that need a model turned off with the reason; a trace
 * that counts steps and never shows a raw missing value. Over the fixture folder, no model.
 */
import { describe, expect, test } from 'vitest';
import { useAppSession } from './support/app-session.ts';

/** A missing value rendered as text, or a number shown with false precision. */
const RAW_VALUE = /\bnull\b|\bundefined\b|\bNaN\b|\[object/;

describe('answers without a language model', () => {
  const ui = useAppSession({ name: 'no-model' });

  test('turns off the strategies that need a model, and says why', async () => {
    await ui.app.goToAsk();
    expect(await ui.page.getByTestId('answer-engine-label').textContent()).toBe(
      'Extractive (no model)',
    );
    const strategy = ui.page.getByRole('combobox', { name: 'Strategy' });
    expect(await strategy.inputValue()).toBe('auto');
    const options = strategy.locator('option');
    expect(await options.count()).toBe(6);
    const auto = options.first();
    expect(await auto.isDisabled()).toBe(false);
    expect(await auto.textContent()).toContain('reads the passages');
    for (const label of ['Direct', 'Single search', 'Plan', 'Unified agent', 'Thorough']) {
      const option = options.filter({ hasText: label });
      expect(await option.isDisabled(), label).toBe(true);
      expect(await option.textContent()).toContain('needs a language model');
      expect(await option.getAttribute('title')).toBe(
        'Needs a language model: set one up in Models',
      );
    }
    const hint = ui.page.getByTestId('strategy-hint');
    expect(await hint.textContent()).toContain('Auto reads the passages');
    expect(await hint.textContent()).toContain('The other strategies need a language model');
    expect(await strategy.getAttribute('aria-describedby')).toBe('strategy-hint');
    // Competitors are model agents: nothing to choose without a model.
    expect(await ui.page.getByRole('combobox', { name: 'Competitors' }).count()).toBe(0);
  });

  test('shows the passage and a likely answer to a question the folder answers', async () => {
    const answer = await ui.app.askAnew('How long is the Mirefjell trail?');
    const reading = answer.getByTestId('reading');
    expect(await reading.getAttribute('data-outcome')).toBe('answer');
    const likely = reading.getByTestId('likely-answer');
    expect(await likely.textContent()).toContain('Likely answer:');
    expect(await likely.locator('strong').textContent()).toBe('14 km');
    const confidence = await reading.getByTestId('likely-confidence').textContent();
    expect(confidence).toMatch(/^\((very likely|likely|more likely than not)\)$/);

    const passages = reading.getByTestId('reading-passage');
    expect(await passages.count()).toBeGreaterThanOrEqual(1);
    expect(await passages.count()).toBeLessThanOrEqual(3);
    const paths = await passages.locator('.path').allTextContents();
    expect(new Set(paths).size).toBe(paths.length); // one passage per file
    const first = passages.first();
    expect(paths[0]).toBe('travel-guide.html');
    expect(await first.locator('mark').first().textContent()).toContain('The Mirefjell trail is');
    expect(await first.locator('mark strong').textContent()).toBe('14 km');

    await likely.getByRole('button', { name: 'Open passage 1' }).click();
    const passage = ui.page.getByTestId('document-passage');
    await passage.waitFor();
    expect(await passage.textContent()).toContain('14 km long');
    await ui.page.keyboard.press('Escape');
    await passage.waitFor({ state: 'hidden' });

    // Stored with the conversation: a reload shows the same reading.
    await ui.page.reload();
    const reloaded = ui.page.getByTestId('reading').last();
    await reloaded.waitFor();
    expect(await reloaded.getAttribute('data-outcome')).toBe('answer');
    expect(await reloaded.getByTestId('likely-answer').textContent()).toContain('14 km');
  });

  test('says that nothing matches a fact the folder does not hold', async () => {
    const answer = await ui.app.askAnew('Who won the 1998 football world cup?');
    const reading = answer.getByTestId('reading');
    expect(await reading.getAttribute('data-outcome')).toBe('nothing');
    const message = reading.getByTestId('reading-message');
    expect(await message.textContent()).toContain('Nothing in your folders matches this.');
    expect(await message.textContent()).toMatch(/spelling.*collection.*folder/);
    expect(await reading.getByTestId('reading-passage').count()).toBe(0);
    expect(await reading.getByTestId('likely-answer').count()).toBe(0);
    expect(await ui.page.getByTestId('turn').last().getAttribute('data-status')).toBe('not-found');
  });

  test('shows the passages of a two-part question and says a model is needed to combine them', async () => {
    const answer = await ui.app.askAnew(
      'What did Tomas order, and who is the project lead of Project Heron?',
    );
    const reading = answer.getByTestId('reading');
    expect(await reading.getAttribute('data-outcome')).toBe('needs-model');
    expect(await reading.getByTestId('likely-answer').count()).toBe(0);
    expect(await reading.getByTestId('reading-message').textContent()).toContain(
      'These passages look relevant, but combining them needs a language model.',
    );
    const paths = await reading.getByTestId('reading-passage').locator('.path').allTextContents();
    expect(paths).toEqual(
      expect.arrayContaining(['notes/project-log.md', 'notes/meeting-2024-03-14.txt']),
    );
    expect(await reading.locator('mark').count()).toBeGreaterThanOrEqual(2);
    expect(await ui.page.getByTestId('turn').last().getAttribute('data-status')).toBe('passages');

    const setUp = reading.getByRole('link', { name: 'Set up a language model' });
    expect(await setUp.getAttribute('href')).toBe('#/models');
    await setUp.click();
    await ui.page.getByRole('heading', { name: 'On-device language models' }).waitFor();
  });

  test('counts steps, not model calls, and shows no raw missing value in the trace', async () => {
    await ui.app.askAnew('Who founded the Lake Varnholm research station?');
    // A follow-up too: its trace says how the previous question's words were used.
    await ui.app.ask('And when was it founded?');
    const traces = ui.page.getByTestId('trace');
    expect(await traces.count()).toBe(2);
    for (let index = 0; index < 2; index += 1) {
      const trace = traces.nth(index);
      if ((await trace.getAttribute('open')) === null) await trace.locator('summary').click();
      const totals = await trace.getByTestId('trace-totals').textContent();
      expect(totals).toMatch(/^No language model · \d+ steps? · [\d.]+ s$/);
      const text = (await trace.textContent()) ?? '';
      expect(text).not.toMatch(RAW_VALUE);
      expect(text).not.toMatch(/LLM call|tokens/);
      const lines = await trace.getByRole('listitem').allTextContents();
      expect(lines.some((line) => line.includes('Strategy: passages (no language model)'))).toBe(
        true,
      );
      expect(lines.some((line) => /Read \d+ passages? without a model/.test(line))).toBe(true);
      expect(await trace.locator('li.warning').count()).toBe(0);
    }
    expect(await ui.page.locator('main').textContent()).not.toMatch(RAW_VALUE);
  });
});
