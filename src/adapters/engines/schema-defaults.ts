import type { JsonSchema } from '../../core/ports/chat-engine.ts';
import { isRecord } from '../../core/is-record.ts';

/**
 * The smallest value a JSON schema accepts, from neutral defaults: the first enum value, `null`
 * where allowed, else `""`, `0`, `false`, `[]`, and objects with their required properties only.
 */
export function minimalValue(schema: JsonSchema): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0] ?? null;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('null')) return null;
  switch (types[0]) {
    case 'object':
      return minimalObject(schema);
    case 'array':
      return [];
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

function minimalObject(schema: JsonSchema): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const value: Record<string, unknown> = {};
  for (const name of required) {
    if (typeof name !== 'string') continue;
    const property = properties[name];
    value[name] = isRecord(property) ? minimalValue(property) : null;
  }
  return value;
}
