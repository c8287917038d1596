import { describe, expect, it } from 'vitest';
import { parseJsonOutput } from '../../../src/core/llm/json-output.ts';
import type { JsonSchema } from '../../../src/core/ports/chat-engine.ts';

const route: JsonSchema = {
  type: 'object',
  properties: {
    strategy: { type: 'string', enum: ['direct', 'single', 'plan'] },
    query: { type: ['string', 'null'] },
    reason: { type: 'string' },
  },
  required: ['strategy', 'reason'],
};

const facts: JsonSchema = {
  type: 'object',
  properties: {
    answerable: { type: 'boolean' },
    confidence: { type: 'number' },
    rounds: { type: 'integer' },
    passages: { type: 'array', items: { type: 'integer' } },
    facts: {
      type: 'array',
      items: {
        type: 'object',
        properties: { fact: { type: 'string' }, source: { type: 'integer' } },
        required: ['fact', 'source'],
      },
    },
  },
  required: ['answerable'],
};

describe('parseJsonOutput', () => {
  it('reads plain JSON', () => {
    expect(parseJsonOutput('{"strategy":"plan","reason":"two hops","query":null}', route)).toEqual({
      ok: true,
      value: { strategy: 'plan', reason: 'two hops', query: null },
    });
  });

  it('takes the first object from a ```json fence or from prose', () => {
    const fenced =
      'Sure! Here it is:\n```json\n{"strategy": "single", "reason": "one fact"}\n```\nHope that helps {not this}.';
    expect(parseJsonOutput(fenced, route)).toMatchObject({
      ok: true,
      value: { strategy: 'single' },
    });
    const prose = 'I choose {"strategy": "direct", "reason": "greeting"} because it is chit-chat.';
    expect(parseJsonOutput(prose, route)).toMatchObject({
      ok: true,
      value: { strategy: 'direct' },
    });
  });

  it('repairs trailing commas, single quotes, unquoted keys and Python literals', () => {
    const broken = "{strategy: 'plan', reason: 'it\\'s two hops', query: None,}";
    expect(parseJsonOutput(broken, route)).toEqual({
      ok: true,
      value: { strategy: 'plan', reason: "it's two hops", query: null },
    });
    const list =
      '{"answerable": True, "passages": [1, 2, 3,], "facts": [{"fact": "fired" "source": 2}]}';
    expect(parseJsonOutput(list, facts)).toEqual({
      ok: true,
      value: { answerable: true, passages: [1, 2, 3], facts: [{ fact: 'fired', source: 2 }] },
    });
  });

  it('closes output cut off mid-way', () => {
    expect(parseJsonOutput('{"strategy": "single", "reason": "the kiln was fir', route)).toEqual({
      ok: true,
      value: { strategy: 'single', reason: 'the kiln was fir' },
    });
    expect(
      parseJsonOutput('{"answerable": false, "facts": [{"fact": "a", "source": 1}, {"fa', facts),
    ).toEqual({
      ok: false,
      error: 'The required property "fact" is missing in "facts[1]".',
    });
    expect(parseJsonOutput('{"answerable": true, "confidence":', facts)).toEqual({
      ok: true,
      value: { answerable: true },
    });
  });

  it('coerces simple values to the schema', () => {
    const loose = '{"answerable": "yes", "confidence": " 0.8 ", "rounds": "3", "passages": "4"}';
    expect(parseJsonOutput(loose, facts)).toEqual({
      ok: true,
      value: { answerable: true, confidence: 0.8, rounds: 3, passages: [4] },
    });
    expect(parseJsonOutput('{"Strategy": "PLAN ", "reason": 42}', route)).toEqual({
      ok: true,
      value: { strategy: 'plan', reason: '42' },
    });
  });

  it('says what is wrong, in words a repair request can use', () => {
    expect(parseJsonOutput('{"strategy": "search", "reason": "x"}', route)).toEqual({
      ok: false,
      error: '"strategy" should be one of "direct", "single", "plan", not "search".',
    });
    expect(parseJsonOutput('{"answerable": true, "rounds": 2.5}', facts)).toEqual({
      ok: false,
      error: '"rounds" should be an integer, not 2.5.',
    });
    expect(parseJsonOutput('{"reason": "x"}', route)).toEqual({
      ok: false,
      error: 'The required property "strategy" is missing.',
    });
    expect(parseJsonOutput('', route)).toEqual({ ok: false, error: 'The reply was empty.' });
    expect(parseJsonOutput('I would pick the plan strategy.', route)).toEqual({
      ok: false,
      error: 'The reply contains no JSON object.',
    });
  });

  it('reads a ``` inside a JSON string as text, fenced or not (found by a property test)', () => {
    const strings: JsonSchema = { type: 'array', items: { type: 'string' } };
    expect(parseJsonOutput('```json\n["```"]\n```', strings)).toEqual({ ok: true, value: ['```'] });
    expect(parseJsonOutput('{"strategy":"direct","reason":"```{"}', route)).toEqual({
      ok: true,
      value: { strategy: 'direct', reason: '```{' },
    });
    expect(
      parseJsonOutput('Sure! ```\n{"strategy": "plan", "reason": "r"}\n``` {x}', route),
    ).toEqual({
      ok: true,
      value: { strategy: 'plan', reason: 'r' },
    });
  });

  it('does not overflow the stack on deep nesting (found by a property test)', () => {
    const levels: JsonSchema = { type: 'array', items: { enum: [1, 2, 3] } };
    const result = parseJsonOutput('['.repeat(20_000), levels);
    expect(result.ok).toBe(false);
  });

  it('never lets "__proto__" set the prototype or fake required properties (found by a property test)', () => {
    const judge: JsonSchema = {
      type: 'object',
      properties: { answerable: { type: 'boolean' }, reason: { type: 'string' } },
      required: ['answerable', 'reason'],
    };
    const result = parseJsonOutput('{"__proto__": {"answerable": true, "reason": "x"}}', judge);
    expect(result).toEqual({ ok: false, error: 'The required property "answerable" is missing.' });
    const kept = parseJsonOutput<object>(
      '{"__proto__": [1], "answerable": true, "reason": "x"}',
      judge,
    );
    expect(kept.ok && Object.getPrototypeOf(kept.value)).toBe(Object.prototype);
  });

  it('reads a top-level array for an array schema', () => {
    const ids: JsonSchema = { type: 'array', items: { type: 'string' } };
    expect(parseJsonOutput("The ids: ['p1', 'p2']", ids)).toEqual({
      ok: true,
      value: ['p1', 'p2'],
    });
  });
});
