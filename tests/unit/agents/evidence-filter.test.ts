import { describe, expect, it } from 'vitest';
import { filterEvidence } from '../../../src/core/agents/evidence-filter.ts';
import { agentSetup, PASSAGES } from './agent-fixtures.ts';

const input = { question: 'Who directs the station?', evidence: PASSAGES };

describe('filterEvidence', () => {
  it('keeps the passages the model names, in its order', async () => {
    const { llm, trace, steps } = agentSetup([
      JSON.stringify({ keep: [2, 1, 2, 9], nothingRelevant: false }),
    ]);
    const output = await filterEvidence({ llm, trace }, input);
    expect(output.kept.map(({ id }) => id)).toEqual(['station.md#1', 'station.md#0']);
    expect(output.decidedBy).toBe('filter');
    expect(steps('evidence-filter')).toHaveLength(1);
  });

  it('keeps none when the model says nothing helps', async () => {
    const { llm, trace } = agentSetup([JSON.stringify({ keep: [], nothingRelevant: true })]);
    expect((await filterEvidence({ llm, trace }, input)).kept).toEqual([]);
  });

  it.each([
    ['malformed output', ['[[[', '???']],
    ['no decision (the schema default)', [JSON.stringify({ keep: [], nothingRelevant: false })]],
  ])('keeps the top three on %s', async (_, responses) => {
    const { llm, trace } = agentSetup(responses);
    const output = await filterEvidence({ llm, trace }, input);
    expect(output.kept).toEqual(PASSAGES.slice(0, 3));
    expect(output.decidedBy).toBe('fallback');
  });
});
