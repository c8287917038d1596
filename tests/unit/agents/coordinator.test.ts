import { describe, expect, it } from 'vitest';
import { coordinateAnswer, NOT_FOUND_TEXT } from '../../../src/core/agents/coordinator.ts';
import type { SpecialistResponse } from '../../../src/core/agents/specialist.ts';
import { agentSetup } from './agent-fixtures.ts';

const question = 'How high is the station?';
const good: SpecialistResponse = {
  collectionId: 'lakes',
  analysis: 'Passage 1 says "The Lake Varnholm station sits at 312 metres."',
  quotes: [{ chunkId: 'station.md#0', quote: 'The Lake Varnholm station sits at 312 metres.' }],
  answer: '312 metres',
};
const guess: SpecialistResponse = {
  collectionId: 'kitchen',
  analysis: 'Probably high.',
  quotes: [{ chunkId: 'bread.md#0', quote: 'Bake the rye loaf at 230 °C' }],
  answer: '230 metres',
};
const none: SpecialistResponse = { collectionId: 'x', analysis: '', quotes: [], answer: null };

describe('coordinateAnswer', () => {
  it('rates the responses and answers from the good ones, streaming the checked text', async () => {
    const { llm, trace, steps } = agentSetup([
      JSON.stringify({
        ratings: [
          { response: 1, rating: 'good' },
          { response: 2, rating: 'conjecture' },
        ],
        answer: '**312 metres** [1], not 230 [2] or [7].',
      }),
    ]);
    const deltas: string[] = [];
    const output = await coordinateAnswer(
      { llm, trace, onAnswerDelta: (text) => deltas.push(text) },
      { question, responses: [good, guess] },
    );
    expect(output.ratings).toEqual(['good', 'conjecture']);
    expect(output.text).toBe('**312 metres** [1], not 230 or.');
    expect(output.citations).toEqual([
      { number: 1, chunkId: 'station.md#0', quote: good.quotes[0]?.quote },
    ]);
    expect(output.status).toBe('answered');
    expect(deltas.join('')).toBe(output.text);
    expect(steps('citation-drop').map(({ number }) => number)).toEqual([2, 7]);
  });

  it('rates by rule and composes from the good answers on malformed output', async () => {
    const { llm, trace } = agentSetup(['garbage', 'more garbage']);
    const output = await coordinateAnswer({ llm, trace }, { question, responses: [none, good] });
    expect(output.ratings).toEqual(['unhelpful', 'good']);
    expect(output.text).toBe('**312 metres** [1]');
    expect(output.citations[0]?.chunkId).toBe('station.md#0');
  });

  it('says the documents lack the answer, without a call, when no response has one', async () => {
    const { llm, trace, engine } = agentSetup([]);
    const output = await coordinateAnswer({ llm, trace }, { question, responses: [none] });
    expect(output).toMatchObject({ text: NOT_FOUND_TEXT, status: 'not-found', citations: [] });
    expect(engine.calls).toHaveLength(0);
  });

  it('is not-found when the model rates nothing good', async () => {
    const { llm, trace } = agentSetup([
      JSON.stringify({ ratings: [{ response: 1, rating: 'conjecture' }], answer: '' }),
    ]);
    const output = await coordinateAnswer({ llm, trace }, { question, responses: [guess] });
    expect(output).toMatchObject({ ratings: ['conjecture'], status: 'not-found' });
  });
});
