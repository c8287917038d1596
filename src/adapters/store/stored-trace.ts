/**
 * A stored turn's trace, read back: each event is checked against its declaration (the schemas
 * of core/llm/trace-events.ts) and kept only when it holds together, so the trace lines never
 * meet a value of the wrong kind. Version 1 (conversations stored before the events were typed)
 * kept a step's fields under `data`; they are lifted out. An event of an unknown type, one
 * without its time or step, or one missing a required field is left out; an optional field that
 * does not fit its schema (a null, say) is left out of its event.
 */
import { isRecord } from '../../core/is-record.ts';
import { conformValue } from '../../core/llm/json-output.ts';
import type { ObjectSchema } from '../../core/llm/json-schema.ts';
import { CORE_EVENTS, STEP_EVENTS, type TraceEvent } from '../../core/llm/trace-events.ts';

/** The trace format written now: step events' fields beside their type, step and time. */
export const TRACE_VERSION = 2;

/** The events of a stored trace of format `version` that hold together, in order. */
export function decodeStoredTrace(events: unknown, version: number): TraceEvent[] {
  if (!Array.isArray(events)) return [];
  return events.flatMap((stored: unknown) => {
    const event = decodeEvent(version === 1 ? liftedData(stored) : stored);
    return event ? [event] : [];
  });
}

/** A version 1 step event, `{ type, step, at, data }`, as `{ type, step, at, ...data }`. */
function liftedData(stored: unknown): unknown {
  if (!isRecord(stored) || !isRecord(stored.data)) return stored;
  const { data, ...event } = stored;
  return { ...data, ...event };
}

function decodeEvent(stored: unknown): TraceEvent | undefined {
  if (!isRecord(stored)) return undefined;
  const { type, step, at } = stored;
  if (typeof type !== 'string' || typeof at !== 'number' || !Number.isFinite(at)) {
    return undefined;
  }
  if (Object.hasOwn(CORE_EVENTS, type)) {
    const fields = decodeFields(stored, CORE_EVENTS[type as keyof typeof CORE_EVENTS]);
    return fields && ({ type, at, ...fields } as TraceEvent);
  }
  if (Object.hasOwn(STEP_EVENTS, type) && typeof step === 'string') {
    const fields = decodeFields(stored, STEP_EVENTS[type as keyof typeof STEP_EVENTS]);
    return fields && ({ type, step, at, ...fields } as TraceEvent);
  }
  return undefined;
}

/** The declared fields of `stored` that fit; undefined when a required one is missing or does not. */
function decodeFields(
  stored: Readonly<Record<string, unknown>>,
  declared: ObjectSchema<unknown>,
): Record<string, unknown> | undefined {
  const fields: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(declared.properties)) {
    const value = stored[name];
    const read = value === undefined || value === null ? undefined : conformValue(value, schema);
    if (read?.ok) fields[name] = read.value;
    else if (declared.required.includes(name)) return undefined;
  }
  return fields;
}
