import { describe, expect, it } from 'vitest';
import { ExtractiveEngine } from '../../../src/adapters/engines/extractive-engine.ts';
import { answerFromCollection } from '../../../src/core/agents/specialist.ts';
import { BudgetTracker, DEFAULT_BUDGETS } from '../../../src/core/llm/budget.ts';
import { LlmClient } from '../../../src/core/llm/llm-client.ts';
import { Trace } from '../../../src/core/llm/trace.ts';
import { agentSetup, PASSAGES } from './agent-fixtures.ts';

const input = {
  question: 'Who directs the Varnholm station?',
  collectionId: 'lakes',
  evidence: PASSAGES.slice(0, 2),
};

describe('answerFromCollection', () => {
  it('answers with verified quotes, asking with an answer purpose', async () => {
    const { llm, trace, engine } = agentSetup([
      JSON.stringify({
        analysis: 'Passage 1 names the director.',
        quotes: [{ passage: 1, quote: 'Its director is  Dr. Ingrid\nSolberg.' }],
        answer: 'Dr. Ingrid Solberg',
      }),
    ]);
    const response = await answerFromCollection({ llm, trace }, input);
    expect(response.answer).toBe('Dr. Ingrid Solberg');
    expect(response.quotes).toEqual([
      { chunkId: 'station.md#0', quote: 'Its director is  Dr. Ingrid\nSolberg.' },
    ]);
    expect(engine.calls[0]?.purpose).toMatchObject({ kind: 'answer', question: input.question });
  });

  it('drops a fabricated quote with a citation-drop event', async () => {
    const { llm, trace, steps } = agentSetup([
      JSON.stringify({
        analysis: 'Made up.',
        quotes: [
          { passage: 1, quote: 'The director is Professor Lund.' },
          { passage: 7, quote: 'Sediment cores' },
        ],
        answer: 'Professor Lund',
      }),
    ]);
    const response = await answerFromCollection({ llm, trace }, input);
    expect(response.quotes).toEqual([]);
    expect(steps('citation-drop').map(({ reason }) => reason)).toEqual([
      'not-in-passage',
      'unknown-passage',
    ]);
  });

  it.each([
    [
      '"I don\'t know"',
      [JSON.stringify({ analysis: 'Not there.', quotes: [], answer: "I don't know." })],
    ],
    ['malformed output', ['nope', 'nope again']],
  ])('gives no answer for %s', async (_, responses) => {
    const { llm, trace } = agentSetup(responses);
    expect((await answerFromCollection({ llm, trace }, input)).answer).toBeNull();
  });

  it('reads the extractive engine’s span and sentence as the answer and its quote', async () => {
    const trace = new Trace();
    const budget = new BudgetTracker(DEFAULT_BUDGETS.single, trace);
    const llm = new LlmClient({ engine: new ExtractiveEngine({ threshold: 0 }), trace, budget });
    const response = await answerFromCollection({ llm, trace }, input);
    expect(response.answer).not.toBeNull();
    expect(response.quotes).toHaveLength(1);
    expect(response.quotes[0]?.chunkId).toBe('station.md#0');
    expect(PASSAGES[0]?.text).toContain(response.quotes[0]?.quote);
  });
});
