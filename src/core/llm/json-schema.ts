/**
 * JSON Schemas declared with the TypeScript type of the values they describe, so that a shape is
 * written once: an agent's reply (the schema sent to the engine and read by `parseJsonOutput`)
 * and a trace event (emitted typed, decoded from storage). The builders return plain JSON Schema
 * objects, the subset the reply reader and the schema defaults know; the type is a mark that
 * exists only for the compiler.
 */
import type { JsonSchema } from '../ports/chat-engine.ts';

declare const VALUE: unique symbol;

/** A JSON Schema of values of type `Value`. A plain `JsonSchema` is a `Schema<unknown>`. */
export type Schema<Value> = JsonSchema & { readonly [VALUE]?: Value };

/** The type of the values a schema built here describes. */
export type SchemaValue<Described> = Described extends Schema<infer Value> ? Value : never;

type Properties = Readonly<Record<string, Schema<unknown>>>;

/** The object's type spelled out, for readable hovers and messages. */
type Spelled<Value> = { [Key in keyof Value]: Value[Key] } & {};

export type ObjectValue<Required extends Properties, Optional extends Properties> = Spelled<
  { -readonly [Key in keyof Required]: SchemaValue<Required[Key]> } & {
    -readonly [Key in keyof Optional]?: SchemaValue<Optional[Key]>;
  }
>;

export function string(): Schema<string> {
  return { type: 'string' };
}

/** A string that is one of `values`. */
export function enumeration<const Values extends readonly [string, ...string[]]>(
  values: Values,
): Schema<Values[number]> {
  return { type: 'string', enum: [...values] };
}

/** A whole number; the range is a hint to the model (the reply reader does not enforce it). */
export function integer(range?: { minimum: number; maximum: number }): Schema<number> {
  return { type: 'integer', ...range };
}

export function number(): Schema<number> {
  return { type: 'number' };
}

export function boolean(): Schema<boolean> {
  return { type: 'boolean' };
}

/** `schema`'s values or null. */
export function nullable<Value>(schema: Schema<Value>): Schema<Value | null> {
  return { ...schema, type: [schema.type, 'null'] };
}

/** A list of `items`; the sizes are hints to the model, as the integer range is. */
export function array<Item>(
  items: Schema<Item>,
  sizes?: { minItems: number; maxItems: number },
): Schema<Item[]> {
  return { type: 'array', items, ...sizes };
}

/** An object schema, its properties and required names typed for those who read them. */
export type ObjectSchema<Value> = Schema<Value> & {
  properties: Readonly<Record<string, Schema<unknown>>>;
  required: readonly string[];
};

/** An object with the `required` properties and, when given, the `optional` ones. */
export function object<
  Required extends Properties,
  Optional extends Properties = Record<never, never>,
>(required: Required, optional?: Optional): ObjectSchema<ObjectValue<Required, Optional>> {
  return {
    type: 'object',
    properties: { ...required, ...optional },
    required: Object.keys(required),
  };
}
