import { minimalValue } from '../../src/adapters/engines/schema-defaults.ts';
import {
  STEP_EVENTS,
  type StepEventFields,
  type StepEventType,
  type TraceEvent,
  type TraceEventOf,
} from '../../src/core/llm/trace-events.ts';

/** What every step event has beside the fields its step reports. */
const EVENT_KEYS: ReadonlySet<string> = new Set(['type', 'step', 'at']);

/**
 * A `type` event with `fields`, and each required field not given at its schema's minimal value
 * (`''`, `0`, `false`, `[]`, an enum's first value).
 */
export function stepEvent<Type extends StepEventType>(
  type: Type,
  fields: Partial<StepEventFields<Type>> = {},
  at = 1,
  step = 'test',
): TraceEventOf<Type> {
  const defaults = minimalValue(STEP_EVENTS[type]) as StepEventFields<Type>;
  return { type, step, at, ...defaults, ...fields } as TraceEventOf<Type>;
}

/** The fields of the `type` events among `events`, in order, without their name, step and time. */
export function fieldsOf<Type extends StepEventType>(
  events: readonly TraceEvent[],
  type: Type,
): StepEventFields<Type>[] {
  return events
    .filter((event) => event.type === type)
    .map(
      (event) =>
        Object.fromEntries(
          Object.entries(event).filter(([key]) => !EVENT_KEYS.has(key)),
        ) as StepEventFields<Type>,
    );
}
