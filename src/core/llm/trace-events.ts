/**
 * Every event a trace holds, declared once: each event's fields are a schema (json-schema.ts), from
 * which its type comes, so a step emits only the fields its event declares and a reader switches
 * on `type` over one union. The same schemas let a stored trace be checked when it is read back
 * (adapters/store). An event is `{ type, at, ...fields }`; an agent step's also names its `step`.
 */
import * as schema from './json-schema.ts';
import { ANSWERING_EVENTS } from './step-events.ts';
import { THOROUGH_EVENTS } from './thorough-events.ts';

const ATTEMPT = schema.enumeration(['first', 'repair']);

/** The events the model-call runtime and the run emit themselves (`Trace.emit`). */
export const CORE_EVENTS = {
  'run-start': schema.object(
    {
      question: schema.string(),
      /** The strategy setting (`auto`: the router chooses). */
      strategy: schema.string(),
    },
    {
      /** The engine that answers (`ChatEngineInfo`'s id and kind); absent in older traces. */
      engine: schema.object({ id: schema.string(), kind: schema.string() }),
    },
  ),
  'run-end': schema.object(
    { outcome: schema.enumeration(['answered', 'stopped', 'failed']) },
    {
      /** The error's name and message when the run failed. */
      error: schema.object({ name: schema.string(), message: schema.string() }),
    },
  ),
  'llm-call-start': schema.object({
    step: schema.string(),
    /** 1-based number of the call in the run. */
    call: schema.integer(),
    /** The first attempt, or the one repair of malformed JSON. */
    attempt: ATTEMPT,
    format: schema.enumeration(['text', 'json']),
    /** Prompt tokens as counted before sending (chat-template overhead included). */
    promptTokens: schema.number(),
    maxTokens: schema.number(),
  }),
  'llm-call-end': schema.object(
    {
      step: schema.string(),
      call: schema.integer(),
      attempt: ATTEMPT,
      /** As the engine reported them (zero for the extractive engine); counted when it threw. */
      promptTokens: schema.number(),
      completionTokens: schema.number(),
      ms: schema.number(),
      /**
       * `error`: the engine threw (`error` holds its message); `interrupted`: the caller stopped
       * the call without stopping the run (completionTokens: what streamed); otherwise the
       * engine's reason.
       */
      finishReason: schema.enumeration(['stop', 'length', 'abort', 'interrupted', 'error']),
    },
    { error: schema.string() },
  ),
  'llm-call-repair': schema.object({
    step: schema.string(),
    /** The call whose output could not be used. */
    call: schema.integer(),
    /** Why it could not be used, as sent to the model in the repair request. */
    error: schema.string(),
  }),
  'llm-call-fallback': schema.object({
    step: schema.string(),
    reason: schema.enumeration(['malformed', 'budget-exhausted', 'context-overflow']),
    error: schema.string(),
  }),
  'budget-exhausted': schema.object({
    step: schema.string(),
    limit: schema.enumeration(['llm-calls', 'rounds']),
    max: schema.integer(),
  }),
};

/** The agent steps' events (`Trace.emitStep`), named noun-verb: `retrieval-end`, `rank-end`. */
export const STEP_EVENTS = { ...ANSWERING_EVENTS, ...THOROUGH_EVENTS };

type CoreEvents = typeof CORE_EVENTS;
type StepEvents = typeof STEP_EVENTS;
export type CoreEventType = keyof CoreEvents;
export type StepEventType = keyof StepEvents;

interface Timed {
  /** Milliseconds since the run started. */
  at: number;
}

/** What a step reports in its event, beside the event's name, step and time. */
export type StepEventFields<Type extends StepEventType> = schema.SchemaValue<StepEvents[Type]>;

export type CoreTraceEvent = {
  [Type in CoreEventType]: { type: Type } & Timed & schema.SchemaValue<CoreEvents[Type]>;
}[CoreEventType];

export type StepTraceEvent = {
  [Type in StepEventType]: { type: Type; step: string } & Timed & StepEventFields<Type>;
}[StepEventType];

export type TraceEvent = CoreTraceEvent | StepTraceEvent;
export type TraceEventType = TraceEvent['type'];
export type TraceEventOf<Type extends TraceEventType> = Extract<TraceEvent, { type: Type }>;
export type ThoroughTraceEvent = TraceEventOf<keyof typeof THOROUGH_EVENTS>;

/** Which attempt of an LLM step a call is: the first, or the one repair of malformed JSON. */
export type LlmCallAttempt = TraceEventOf<'llm-call-start'>['attempt'];

export function isCoreEvent(event: TraceEvent): event is CoreTraceEvent {
  return Object.hasOwn(CORE_EVENTS, event.type);
}
