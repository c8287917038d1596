/**
 * Tolerant reading of a model's JSON reply against a JSON Schema subset (`type` — string, number,
 * integer, boolean, array, object, null, or a list of them —, `properties`, `required`, `enum`,
 * `items`). The first object (or array, for an array schema) is taken from the reply, inside a
 * ```json fence or among prose; common breakage is repaired (see `repairJson`); simple values are
 * coerced to the schema ("3" → 3, "Plan" → "plan" for an enum, a lone value → a one-item array);
 * then the value is checked. Errors are short sentences a model can act on in a repair request.
 */
import type { JsonSchema } from '../ports/chat-engine.ts';
import type { Schema } from './json-schema.ts';
import { repairJson } from './json-repair.ts';
import { isRecord } from '../is-record.ts';

export type JsonOutput<Value> = { ok: true; value: Value } | { ok: false; error: string };

/** A value that does not match its schema, at a property path. */
class Mismatch extends Error {}

/** Reads `text` as a value of `schema`. */
export function parseJsonOutput<Value>(text: string, schema: Schema<Value>): JsonOutput<Value> {
  if (text.trim().length === 0) return { ok: false, error: 'The reply was empty.' };
  const opener = typesOf(schema).includes('array') ? '[' : '{';
  // Two places the JSON may start: in a fence, and at the first opener of the reply. The fence
  // comes first if it opens a line or precedes that opener (else it may be a ``` inside a JSON
  // string); the other is tried when the first does not read as the schema.
  const fence = /```[a-z]*[^\S\n]*\n?([\s\S]*?)(?:```|$)/di.exec(text);
  const inFence = fence?.[1]?.indexOf(opener) ?? -1;
  const fenceStart = fence?.indices?.[1]?.[0];
  const fenced = inFence >= 0 && fenceStart !== undefined ? fenceStart + inFence : -1;
  const first = text.indexOf(opener);
  const fenceFirst =
    fence !== null && (fence.index < first || /(?:^|\n)[^\S\n]*$/.test(text.slice(0, fence.index)));
  const starts = new Set(fenceFirst ? [fenced, first] : [first, fenced]);
  starts.delete(-1);
  if (starts.size === 0) {
    return {
      ok: false,
      error: `The reply contains no JSON ${opener === '[' ? 'array' : 'object'}.`,
    };
  }
  let failure: JsonOutput<Value> | undefined;
  for (const start of starts) {
    const result = readJson(text, start, schema);
    if (result.ok) return result;
    failure ??= result;
  }
  return failure!;
}

function readJson<Value>(text: string, start: number, schema: Schema<Value>): JsonOutput<Value> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(repairJson(text, start));
  } catch (error) {
    // repairJson always writes JSON; a SyntaxError here would be its bug, still not a crash.
    if (error instanceof SyntaxError) return { ok: false, error: error.message };
    throw error;
  }
  return conformValue(parsed, schema);
}

/**
 * Checks a value already read (a stored one, say) against `schema`, with the coercions a reply
 * gets: a string of digits to a number, an enum value in any case, a lone value to a list.
 */
export function conformValue<Value>(value: unknown, schema: Schema<Value>): JsonOutput<Value> {
  try {
    return { ok: true, value: conform(value, schema, '') as Value };
  } catch (error) {
    if (error instanceof Mismatch) return { ok: false, error: error.message };
    throw error;
  }
}

function conform(value: unknown, schema: JsonSchema, path: string): unknown {
  if (Array.isArray(schema.enum)) return conformEnum(value, schema.enum, path);
  const types = typesOf(schema);
  if (types.length === 0) return value;
  // The types the value already has first, then coercions, in the schema's order.
  const ordered = [
    ...types.filter((type) => hasType(value, type)),
    ...types.filter((type) => !hasType(value, type)),
  ];
  let firstMismatch: unknown;
  for (const type of ordered) {
    try {
      return convert(value, type, schema, path);
    } catch (error) {
      if (!(error instanceof Mismatch)) throw error;
      firstMismatch ??= error;
    }
  }
  throw firstMismatch;
}

function convert(value: unknown, type: string, schema: JsonSchema, path: string): unknown {
  const trimmed = typeof value === 'string' ? value.trim() : undefined;
  switch (type) {
    case 'string':
      if (typeof value === 'string') return value;
      // Not NaN or Infinity, which no JSON holds but a stored value may.
      if (Number.isFinite(value) || typeof value === 'boolean') return String(value);
      break;
    case 'number':
    case 'integer': {
      const number = trimmed ? Number(trimmed) : value;
      if (typeof number === 'number' && Number.isFinite(number)) {
        if (type === 'number' || Number.isInteger(number)) return number;
      }
      break;
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const word = trimmed?.toLowerCase();
      if (word === 'true' || word === 'yes') return true;
      if (word === 'false' || word === 'no') return false;
      break;
    }
    case 'null':
      if (value === null) return null;
      break;
    case 'array':
      if (value === null) break;
      return (Array.isArray(value) ? value : [value]).map((item, index) =>
        isRecord(schema.items) ? conform(item, schema.items, `${path}[${index}]`) : item,
      );
    case 'object':
      if (isRecord(value)) return conformObject(value, schema, path);
      break;
  }
  throw new Mismatch(`${label(path)} should be ${article(type)}, not ${describe(value)}.`);
}

function conformObject(
  value: Record<string, unknown>,
  schema: JsonSchema,
  path: string,
): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const names = new Map(Object.keys(properties).map((name) => [name.toLowerCase(), name]));
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // Assigned, "__proto__" would set the result's prototype (and fake required properties).
    if (key === '__proto__') continue;
    const name = names.get(key.toLowerCase()) ?? key;
    const property = properties[name];
    if (!isRecord(property)) {
      result[name] = item;
      continue;
    }
    // A null where null is not allowed reads as an absent property.
    if (item === null && !Array.isArray(property.enum) && !typesOf(property).includes('null')) {
      continue;
    }
    result[name] = conform(item, property, path === '' ? name : `${path}.${name}`);
  }
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const name of required) {
    if (typeof name === 'string' && !Object.hasOwn(result, name)) {
      const where = path === '' ? '' : ` in ${label(path)}`;
      throw new Mismatch(`The required property "${name}" is missing${where}.`);
    }
  }
  return result;
}

function conformEnum(value: unknown, options: readonly unknown[], path: string): unknown {
  if (options.includes(value)) return value;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    const wanted = String(value).trim().toLowerCase();
    const loose = options.find((option) => String(option).toLowerCase() === wanted);
    if (loose !== undefined) return loose;
  }
  const choices = options.map((option) => JSON.stringify(option)).join(', ');
  throw new Mismatch(`${label(path)} should be one of ${choices}, not ${describe(value)}.`);
}

function typesOf(schema: JsonSchema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((type) => typeof type === 'string');
  return isRecord(schema.properties) ? ['object'] : [];
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
    case 'boolean':
      return typeof value === type;
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return Number.isInteger(value);
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    default:
      return false;
  }
}

function label(path: string): string {
  return path === '' ? 'The reply' : `"${path}"`;
}

function article(type: string): string {
  if (type === 'null') return 'null';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
