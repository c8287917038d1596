import { describe, expect, it } from 'vitest';
import { routeQuestion } from '../../../src/core/agents/router.ts';
import { agentSetup } from './agent-fixtures.ts';

const question = 'How high is the Varnholm station?';

describe('routeQuestion', () => {
  it.each([
    ['direct', 'Small talk.', ''],
    ['single', 'One fact.', 'Varnholm station altitude'],
    ['plan', 'Needs two facts.', ''],
    ['thorough', 'Why the cores differ needs careful reasoning.', 'Varnholm sediment cores'],
  ] as const)('takes the %s choice with its reason', async (strategy, reason, query) => {
    const { llm, trace, steps } = agentSetup([JSON.stringify({ strategy, reason, query })]);
    const decision = await routeQuestion({ llm, trace }, { question });
    expect(decision).toEqual({ strategy, reason, query: query || question });
    expect(steps('strategy-choose')[0]).toMatchObject({ strategy, reason, by: 'router' });
  });

  it('offers thorough after single, which stays the schema default', async () => {
    const { llm, trace, engine } = agentSetup([
      JSON.stringify({ strategy: 'single', reason: '', query: '' }),
    ]);
    await routeQuestion({ llm, trace }, { question });
    const format = engine.calls[0]?.responseFormat;
    const schema = format?.type === 'json' ? format.schema : {};
    const properties = schema.properties as Record<string, { enum: string[] }>;
    expect(properties.strategy?.enum).toEqual(['single', 'thorough', 'direct', 'plan']);
    expect(engine.calls[0]?.messages[0]?.content).toContain('"thorough"');
  });

  it('falls back to a single search for the question on malformed output', async () => {
    const { llm, trace, engine } = agentSetup(['no idea', 'still not json']);
    const decision = await routeQuestion({ llm, trace }, { question });
    expect(decision.strategy).toBe('single');
    expect(decision.query).toBe(question);
    expect(engine.calls).toHaveLength(2);
  });
});
