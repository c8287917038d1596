/**
 * Properties of the tolerant reading of model replies (parseJsonOutput and repairJson) against the
 * schemas the agents use: never a throw on any text; a reply read as `ok` conforms to its schema;
 * a value of the schema, however a small model writes it, reads back as itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COORDINATOR_SCHEMA } from '../../src/core/agents/coordinator.ts';
import { EVIDENCE_FILTER_SCHEMA } from '../../src/core/agents/evidence-filter.ts';
import { FOLLOW_UP_SCHEMA } from '../../src/core/agents/follow-up.ts';
import { FACTS_SCHEMA } from '../../src/core/agents/planner/fact-extractor.ts';
import { JUDGE_SCHEMA } from '../../src/core/agents/planner/judge.ts';
import { SELECTOR_SCHEMA } from '../../src/core/agents/planner/selector.ts';
import { SPLITTER_SCHEMA } from '../../src/core/agents/planner/splitter.ts';
import { EVALUATOR_SCHEMA } from '../../src/core/agents/refine/evaluator.ts';
import { MONITOR_SCHEMA } from '../../src/core/agents/refine/monitor.ts';
import { QUERIER_SCHEMA } from '../../src/core/agents/refine/querier.ts';
import { RANKER_SCHEMA } from '../../src/core/agents/refine/ranker.ts';
import { ROUTE_SCHEMA } from '../../src/core/agents/router.ts';
import { SPECIALIST_SCHEMA } from '../../src/core/agents/specialist.ts';
import { UNIFIED_STEP_SCHEMA } from '../../src/core/agents/unified-step.ts';
import { parseJsonOutput } from '../../src/core/llm/json-output.ts';
import { repairJson } from '../../src/core/llm/json-repair.ts';
import type { JsonSchema } from '../../src/core/ports/chat-engine.ts';
import { anyText, textOf } from './arbitraries.ts';
import { checkProperty, testTimeout } from './runs.ts';

/** The schemas every agent asks its replies in, and two bare lists (of mixed types, of an enum). */
const SCHEMAS: Record<string, JsonSchema> = {
  route: ROUTE_SCHEMA,
  followUp: FOLLOW_UP_SCHEMA,
  specialist: SPECIALIST_SCHEMA,
  filter: EVIDENCE_FILTER_SCHEMA,
  coordinator: COORDINATOR_SCHEMA,
  unifiedStep: UNIFIED_STEP_SCHEMA,
  splitter: SPLITTER_SCHEMA,
  selector: SELECTOR_SCHEMA,
  judge: JUDGE_SCHEMA,
  facts: FACTS_SCHEMA,
  monitor: MONITOR_SCHEMA,
  querier: QUERIER_SCHEMA,
  evaluator: EVALUATOR_SCHEMA,
  ranker: RANKER_SCHEMA,
  list: {
    type: 'array',
    items: { type: ['integer', 'string'] },
  },
  levels: { type: 'array', items: { enum: [1, 2, 3, 'many', true] } },
};

const schemaName = fc.constantFrom(...Object.keys(SCHEMAS));

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typesOf(schema: JsonSchema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  return isRecord(schema.properties) ? ['object'] : [];
}

/** Why `value` does not match `schema`, or undefined when it does (own properties only). */
function mismatch(value: unknown, schema: JsonSchema, path = 'reply'): string | undefined {
  if (Array.isArray(schema.enum)) {
    return schema.enum.includes(value) ? undefined : `${path} is not one of the enum`;
  }
  const types = typesOf(schema);
  if (types.length === 0) return undefined;
  const problems = types.map((type) => typeMismatch(value, type, schema, path));
  return problems.includes(undefined) ? undefined : problems.join('; ');
}

function typeMismatch(
  value: unknown,
  type: string,
  schema: JsonSchema,
  path: string,
): string | undefined {
  switch (type) {
    case 'string':
    case 'boolean':
      return typeof value === type ? undefined : `${path} is not a ${type}`;
    case 'number':
      return Number.isFinite(value) ? undefined : `${path} is not a number`;
    case 'integer':
      return Number.isInteger(value) ? undefined : `${path} is not an integer`;
    case 'null':
      return value === null ? undefined : `${path} is not null`;
    case 'array': {
      if (!Array.isArray(value)) return `${path} is not an array`;
      const items = schema.items;
      if (!isRecord(items)) return undefined;
      return value.map((item, index) => mismatch(item, items, `${path}[${index}]`)).find(Boolean);
    }
    case 'object': {
      if (!isRecord(value)) return `${path} is not an object`;
      if (Object.getPrototypeOf(value) !== Object.prototype) return `${path} has another prototype`;
      const properties = isRecord(schema.properties) ? schema.properties : {};
      for (const [name, property] of Object.entries(properties)) {
        if (!Object.hasOwn(value, name)) continue;
        const problem = isRecord(property) && mismatch(value[name], property, `${path}.${name}`);
        if (problem) return problem;
      }
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      const missing = required.find((name) => !Object.hasOwn(value, name));
      return missing === undefined ? undefined : `${path} lacks "${missing}"`;
    }
    default:
      return `unknown type ${type}`;
  }
}

/** Strings a model writes: prose, quotes, brackets, escapes, fences, anything. */
const replyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  textOf(['"', "'", '\\', '\\n', '{', '}', '[', ']', ':', ',', '```', '`', 'json', ' ', 'é😀']),
);

/** A value that conforms to `schema`, as a model would mean it. */
function valueOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  return fc.oneof(...typesOf(schema).map((type) => valueOfType(type, schema)));
}

function valueOfType(type: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return replyString;
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => value || 0);
    case 'integer':
      return fc.oneof(fc.integer({ min: -5, max: 20 }), fc.maxSafeInteger());
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(isRecord(schema.items) ? valueOf(schema.items) : fc.jsonValue(), {
        maxLength: 5,
      });
    default: {
      const properties = isRecord(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) {
        if (isRecord(property)) shape[name] = valueOf(property);
      }
      return fc.record(shape, { requiredKeys: required });
    }
  }
}

interface Style {
  indent: number;
  singleQuotes: boolean;
  bareKeys: boolean;
  trailingCommas: boolean;
  python: boolean;
}

/** The value written as JSON or as the almost-JSON small models write. */
function render(value: unknown, style: Style, depth = 0): string {
  if (value === null) return style.python ? 'None' : 'null';
  if (typeof value === 'boolean') return style.python ? (value ? 'True' : 'False') : String(value);
  if (typeof value === 'number') return JSON.stringify(value);
  if (typeof value === 'string') return quote(value, style);
  const newline = style.indent > 0 ? `\n${' '.repeat(style.indent * (depth + 1))}` : ' ';
  const close = style.indent > 0 ? `\n${' '.repeat(style.indent * depth)}` : '';
  const trailing = style.trailingCommas ? ',' : '';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => render(item, style, depth + 1));
    return `[${newline}${items.join(`,${newline}`)}${trailing}${close}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  const members = entries.map(([key, item]) => {
    const name = style.bareKeys && /^[A-Za-z_]\w*$/.test(key) ? key : quote(key, style);
    return `${name}: ${render(item, style, depth + 1)}`;
  });
  return `{${newline}${members.join(`,${newline}`)}${trailing}${close}}`;
}

function quote(text: string, style: Style): string {
  const json = JSON.stringify(text);
  if (!style.singleQuotes) return json;
  return `'${json.slice(1, -1).replace(/'/g, "\\'")}'`;
}

const style: fc.Arbitrary<Style> = fc.record({
  indent: fc.constantFrom(0, 2, 4),
  singleQuotes: fc.boolean(),
  bareKeys: fc.boolean(),
  trailingCommas: fc.boolean(),
  python: fc.boolean(),
});

/** Prose around the JSON: no brackets or backticks before it, no backticks after it. */
const before = fc.constantFrom('', 'Here is the JSON:\n', 'Sure! ', 'Answer -> ', '\n\n');
const after = fc.constantFrom('', '\n', '\nHope this helps.', ' (end) {not json}', '\n\n]');

/** A value of a schema as a reply: written in some style, maybe fenced, maybe with prose. */
const wellMeantReply = schemaName.chain((name) =>
  fc.record({
    name: fc.constant(name),
    value: valueOf(SCHEMAS[name]!),
    style,
    fence: fc.constantFrom('', '```json\n', '```\n', '```JSON '),
    before,
    after,
  }),
);

function replyText({ value, style: written, fence, before: lead, after: tail }: WellMeant): string {
  const json = render(value, written);
  return fence ? `${lead}${fence}${json}\n\`\`\`${tail}` : `${lead}${json}${tail}`;
}

type WellMeant = typeof wellMeantReply extends fc.Arbitrary<infer Reply> ? Reply : never;

/** Keys that collide with the schema's or with Object.prototype's. */
const hostileKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'Answer',
  'ANSWERABLE',
  'reason',
  'facts',
  'keep',
  'rating',
  'strategy',
);

/** JSON with hostile keys and values of the wrong types. */
const hostileJson = fc
  .letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.jsonValue({ maxDepth: 1 }),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(hostileKey, fc.string()), tie('value'), { maxKeys: 5 }),
    ),
  }))
  .value.map((value) => JSON.stringify(value));

/** Replies cut off, spliced with noise, or hostile, or any text at all. */
const anyReply = fc.oneof(
  anyText,
  replyString,
  hostileJson,
  wellMeantReply.map(({ value }) => `{"__proto__": ${JSON.stringify(value)}}`),
  wellMeantReply.chain((reply) => {
    const text = replyText(reply);
    return fc.oneof(
      fc.nat({ max: text.length }).map((cut) => text.slice(0, cut)),
      fc
        .tuple(fc.nat({ max: text.length }), replyString)
        .map(([at, noise]) => text.slice(0, at) + noise + text.slice(at)),
      fc
        .nat({ max: Math.max(0, text.length - 1) })
        .map((at) => text.slice(0, at) + text.slice(at + 1)),
    );
  }),
);

describe('parseJsonOutput (property)', () => {
  it(
    'never throws; an ok value conforms to the schema; an error is a sentence',
    () => {
      checkProperty(fc.tuple(anyReply, schemaName), ([text, name]) => {
        const schema = SCHEMAS[name]!;
        const result = parseJsonOutput<unknown>(text, schema);
        if (result.ok) expect(mismatch(result.value, schema)).toBeUndefined();
        else expect(result.error).toMatch(/^\S.*[.]$/s);
        expect(parseJsonOutput<unknown>(text, schema)).toEqual(result);
      });
    },
    testTimeout(),
  );

  it(
    'a value of the schema reads back as itself, in JSON or the almost-JSON small models write',
    () => {
      checkProperty(wellMeantReply, (reply) => {
        const result = parseJsonOutput<unknown>(replyText(reply), SCHEMAS[reply.name]!);
        expect(result).toEqual({ ok: true, value: reply.value });
      });
    },
    testTimeout(),
  );
});

describe('repairJson (property)', () => {
  it(
    'writes valid JSON for any text from any opening bracket',
    () => {
      const input = fc
        .tuple(fc.oneof(anyReply, anyText), fc.nat(), fc.constantFrom('{', '['))
        .map(([text, at, bracket]) => {
          const position = at % (text.length + 1);
          return { text: text.slice(0, position) + bracket + text.slice(position), position };
        });
      checkProperty(input, ({ text, position }) => {
        expect(() => JSON.parse(repairJson(text, position))).not.toThrow();
      });
    },
    testTimeout(),
  );

  it(
    'leaves valid JSON objects and arrays as they are',
    () => {
      const json = fc
        .oneof(fc.array(fc.jsonValue()), fc.dictionary(fc.string(), fc.jsonValue()))
        .chain((value) => fc.constantFrom(JSON.stringify(value), JSON.stringify(value, null, 2)));
      checkProperty(json, (text) => {
        expect(JSON.parse(repairJson(text, 0))).toEqual(JSON.parse(text));
      });
    },
    testTimeout(),
  );
});
