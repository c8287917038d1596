import { describe, expect, it } from 'vitest';
import { ExtractiveEngine } from '../../../src/adapters/engines/extractive-engine.ts';
import {
  followUpWithoutModel,
  rewriteFollowUp,
  withSearchTerms,
} from '../../../src/core/agents/follow-up.ts';
import { BudgetTracker } from '../../../src/core/llm/budget.ts';
import { LlmClient } from '../../../src/core/llm/llm-client.ts';
import { Trace } from '../../../src/core/llm/trace.ts';
import { agentSetup } from './agent-fixtures.ts';

const history = [
  { question: 'Who founded the Lake Varnholm station?', answer: '**Dr. Ingrid Solberg** [1]' },
  {
    question: 'How long is the sediment core VH-7?',
    answer: 'The core is **312 metres** long [2].',
  },
];
const question = 'When was it drilled?';

describe('rewriteFollowUp', () => {
  it('takes the model’s standalone question and traces the rewrite', async () => {
    const standalone = 'When was the sediment core VH-7 drilled?';
    const { llm, trace, engine, steps } = agentSetup([JSON.stringify({ standalone })]);
    const rewrite = await rewriteFollowUp({ llm, trace }, { question, history });
    expect(rewrite).toEqual({ question: standalone, searchTerms: [], by: 'model' });
    expect(steps('question-rewrite')[0]).toMatchObject({
      original: question,
      standalone,
      by: 'model',
      turns: 2,
    });
    const prompt = engine.calls[0]?.messages.at(-1)?.content ?? '';
    expect(prompt).toContain('User: How long is the sediment core VH-7?');
    expect(prompt).toContain('Assistant: The core is **312 metres** long.');
    expect(prompt).not.toMatch(/\[\d\]/);
    expect(prompt.trim().endsWith(`Question: ${question}`)).toBe(true);
  });

  it('reads only the last three exchanges, each clipped', async () => {
    const long = Array.from({ length: 5 }, (_, index) => ({
      question: `Question number ${index}?`,
      answer: 'word '.repeat(400),
    }));
    const { llm, trace, engine } = agentSetup([JSON.stringify({ standalone: question })]);
    await rewriteFollowUp({ llm, trace }, { question, history: long });
    const prompt = engine.calls[0]?.messages.at(-1)?.content ?? '';
    expect(prompt).not.toContain('Question number 1?');
    expect(prompt).toContain('Question number 2?');
    expect(prompt.length).toBeLessThan(2500);
  });

  it('falls back on malformed output: the question as asked, the previous question’s words for search', async () => {
    const { llm, trace, engine, steps } = agentSetup(['not json', 'still not json']);
    const rewrite = await rewriteFollowUp({ llm, trace }, { question, history });
    expect(engine.calls).toHaveLength(2);
    expect(rewrite).toEqual({
      question,
      searchTerms: ['long', 'sediment', 'core', 'VH-7'],
      by: 'fallback',
    });
    expect(steps('question-rewrite')[0]).toMatchObject({
      by: 'fallback',
      reason: expect.stringContaining('“it” with no noun before it'),
    });
    expect(trace.events.some((event) => event.type === 'llm-call-fallback')).toBe(true);
  });

  it('searches a question that names its own subject as asked when the model writes no rewrite', async () => {
    const garfield = [{ question: 'Who shot James A. Garfield?', answer: 'Charles Guiteau [1].' }];
    const asked = 'When was Exequiel Ezcurra born?';
    const { llm, trace, steps } = agentSetup(['not json', 'still not json']);
    const rewrite = await rewriteFollowUp({ llm, trace }, { question: asked, history: garfield });
    expect(rewrite).toEqual({ question: asked, searchTerms: [], by: 'as-asked' });
    const data = steps('question-rewrite')[0];
    expect(data).toMatchObject({ original: asked, standalone: asked, searchTerms: [], turns: 1 });
    expect(data?.reason).toBe(
      'The model wrote no rewrite. It stands alone, so it is searched as asked.',
    );
    expect(Object.values(data ?? {})).not.toContain(null);
  });

  it('falls back with the extractive engine, which writes no rewrite', async () => {
    const trace = new Trace(() => 0);
    const budget = new BudgetTracker(
      { maxLlmCalls: 2, maxRounds: 1, maxPromptTokens: 1536, maxCompletionTokens: 120 },
      trace,
    );
    const llm = new LlmClient({ engine: new ExtractiveEngine(), trace, budget });
    const rewrite = await rewriteFollowUp(
      { llm, trace },
      { question: 'And how long is the core?', history },
    );
    expect(rewrite.question).toBe('And how long is the core?');
    expect(rewrite.searchTerms).toEqual(['sediment', 'VH-7']);
    expect(rewrite.by).toBe('fallback');
  });

  it('with the extractive engine, searches a standalone question as asked', async () => {
    const trace = new Trace(() => 0);
    const budget = new BudgetTracker(
      { maxLlmCalls: 2, maxRounds: 1, maxPromptTokens: 1536, maxCompletionTokens: 120 },
      trace,
    );
    const llm = new LlmClient({ engine: new ExtractiveEngine(), trace, budget });
    const asked = 'What did Marie Curie discover in her lab?';
    const rewrite = await rewriteFollowUp({ llm, trace }, { question: asked, history });
    expect(rewrite).toEqual({ question: asked, searchTerms: [], by: 'as-asked' });
  });

  it('falls back when the conversation does not fit the model’s window', async () => {
    const { llm, trace, engine } = agentSetup([], { maxPromptTokens: 20 });
    const rewrite = await rewriteFollowUp({ llm, trace }, { question, history });
    expect(engine.calls).toHaveLength(0);
    expect(rewrite.by).toBe('fallback');
  });

  it('adds search terms to a query', () => {
    expect(withSearchTerms('when drilled', ['core', 'VH-7'])).toBe('when drilled core VH-7');
    expect(withSearchTerms('when drilled', [])).toBe('when drilled');
  });
});

describe('followUpWithoutModel', () => {
  it('makes no model call and adds the previous question’s words to a question that points back', () => {
    const { trace, engine, steps } = agentSetup([]);
    const rewrite = followUpWithoutModel(trace, { question, history });
    expect(engine.calls).toHaveLength(0);
    expect(trace.totals().llmCalls).toBe(0);
    expect(trace.events.map((event) => event.type)).toEqual(['question-rewrite']);
    expect(rewrite).toEqual({
      question,
      searchTerms: ['long', 'sediment', 'core', 'VH-7'],
      by: 'fallback',
    });
    expect(steps('question-rewrite')[0]).toEqual({
      original: question,
      standalone: question,
      searchTerms: ['long', 'sediment', 'core', 'VH-7'],
      by: 'fallback',
      reason:
        'No language model to rewrite it. It points back to the previous question (“it” with no noun before it), so that question’s words join its search.',
      turns: 2,
    });
  });

  it('searches a question that stands alone as asked, whatever came before', () => {
    const { trace, engine, steps } = agentSetup([]);
    const garfield = [{ question: 'Who shot James A. Garfield?', answer: 'Charles Guiteau.' }];
    const asked = 'When was Exequiel Ezcurra born?';
    const rewrite = followUpWithoutModel(trace, { question: asked, history: garfield });
    expect(engine.calls).toHaveLength(0);
    expect(rewrite).toEqual({ question: asked, searchTerms: [], by: 'as-asked' });
    expect(withSearchTerms(asked, rewrite.searchTerms)).toBe(asked);
    expect(steps('question-rewrite')[0]).toMatchObject({
      by: 'as-asked',
      reason: 'No language model to rewrite it. It stands alone, so it is searched as asked.',
    });
  });

  it('carries the words for an elliptical question', () => {
    const { trace } = agentSetup([]);
    const garfield = [{ question: 'Who shot James A. Garfield?', answer: 'Charles Guiteau.' }];
    const rewrite = followUpWithoutModel(trace, { question: 'And in 1881?', history: garfield });
    expect(rewrite.searchTerms).toEqual(['shot', 'James', 'Garfield']);
  });
});
