import { describe, expect, expectTypeOf, it } from 'vitest';
import { minimalValue } from '../../../src/adapters/engines/schema-defaults.ts';
import { parseJsonOutput } from '../../../src/core/llm/json-output.ts';
import * as schema from '../../../src/core/llm/json-schema.ts';

const REPLY = schema.object(
  {
    strategy: schema.enumeration(['single', 'plan']),
    score: schema.integer({ minimum: 0, maximum: 5 }),
    quotes: schema.array(schema.object({ passage: schema.integer(), quote: schema.string() }), {
      minItems: 1,
      maxItems: 3,
    }),
    answer: schema.nullable(schema.string()),
  },
  { weight: schema.number(), sure: schema.boolean() },
);

describe('schemas declared with their type', () => {
  it('builds the plain JSON Schema: required properties listed, optional ones not', () => {
    expect(REPLY).toEqual({
      type: 'object',
      properties: {
        strategy: { type: 'string', enum: ['single', 'plan'] },
        score: { type: 'integer', minimum: 0, maximum: 5 },
        quotes: {
          type: 'array',
          items: {
            type: 'object',
            properties: { passage: { type: 'integer' }, quote: { type: 'string' } },
            required: ['passage', 'quote'],
          },
          minItems: 1,
          maxItems: 3,
        },
        answer: { type: ['string', 'null'] },
        weight: { type: 'number' },
        sure: { type: 'boolean' },
      },
      required: ['strategy', 'score', 'quotes', 'answer'],
    });
  });

  it('gives the type of the values it describes', () => {
    expectTypeOf<schema.SchemaValue<typeof REPLY>>().toEqualTypeOf<{
      strategy: 'single' | 'plan';
      score: number;
      quotes: { passage: number; quote: string }[];
      answer: string | null;
      weight?: number;
      sure?: boolean;
    }>();
  });

  it('is read by the reply reader and the schema defaults as written by hand', () => {
    const reply =
      '{"strategy": "Plan", "score": "4", "quotes": {"passage": 2, "quote": "x"}, "answer": null}';
    expect(parseJsonOutput(reply, REPLY)).toEqual({
      ok: true,
      value: { strategy: 'plan', score: 4, quotes: [{ passage: 2, quote: 'x' }], answer: null },
    });
    expect(parseJsonOutput('{"strategy": "plan"}', REPLY)).toEqual({
      ok: false,
      error: 'The required property "score" is missing.',
    });
    expect(minimalValue(REPLY)).toEqual({ strategy: 'single', score: 0, quotes: [], answer: null });
  });
});
