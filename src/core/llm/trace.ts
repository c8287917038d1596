/**
 * The record of one answering run: every step emits events with noun-verb names (`run-start`,
 * `llm-call-end`, `route-end`, `answer-delta`), timed in milliseconds since the run began, so the
 * UI can show the run live (subscribers) and the eval can total its cost (`totals`). Events are
 * plain data, safe to post to a worker or store.
 */

interface TraceEventBase {
  /** Milliseconds since the run started. */
  at: number;
}

export interface RunStartEvent extends TraceEventBase {
  type: 'run-start';
  question: string;
  strategy: string;
}

export interface RunEndEvent extends TraceEventBase {
  type: 'run-end';
  outcome: 'answered' | 'stopped' | 'failed';
  /** The error's name and message when the run failed. */
  error?: { name: string; message: string };
}

/** Which attempt of an LLM step a call is: the first, or the one repair of malformed JSON. */
export type LlmCallAttempt = 'first' | 'repair';

export interface LlmCallStartEvent extends TraceEventBase {
  type: 'llm-call-start';
  step: string;
  /** 1-based number of the call in the run. */
  call: number;
  attempt: LlmCallAttempt;
  format: 'text' | 'json';
  /** Prompt tokens as counted before sending (chat-template overhead included). */
  promptTokens: number;
  maxTokens: number;
}

export interface LlmCallEndEvent extends TraceEventBase {
  type: 'llm-call-end';
  step: string;
  call: number;
  attempt: LlmCallAttempt;
  /** As the engine reported them (zero for the extractive engine); counted when it threw. */
  promptTokens: number;
  completionTokens: number;
  ms: number;
  /**
   * `error`: the engine threw (`error` holds its message); `interrupted`: the caller stopped the
   * call without stopping the run (completionTokens: what streamed); otherwise the engine's reason.
   */
  finishReason: 'stop' | 'length' | 'abort' | 'interrupted' | 'error';
  error?: string;
}

export interface LlmCallRepairEvent extends TraceEventBase {
  type: 'llm-call-repair';
  step: string;
  /** The call whose output could not be used. */
  call: number;
  /** Why it could not be used, as sent to the model in the repair request. */
  error: string;
}

export interface LlmCallFallbackEvent extends TraceEventBase {
  type: 'llm-call-fallback';
  step: string;
  reason: 'malformed' | 'budget-exhausted' | 'context-overflow';
  error: string;
}

export interface BudgetExhaustedEvent extends TraceEventBase {
  type: 'budget-exhausted';
  step: string;
  limit: 'llm-calls' | 'rounds';
  max: number;
}

/** The events the pipeline foundation emits itself. */
export type CoreTraceEvent =
  | RunStartEvent
  | RunEndEvent
  | LlmCallStartEvent
  | LlmCallEndEvent
  | LlmCallRepairEvent
  | LlmCallFallbackEvent
  | BudgetExhaustedEvent;

export type CoreTraceEventType = CoreTraceEvent['type'];

/** A noun-verb event name of an agent step, e.g. `route-end`, `retrieval-start`, `answer-delta`. */
export type StepEventType = `${string}-${string}`;

/** An agent step's event: its own name, and whatever data the step reports. */
export interface StepTraceEvent extends TraceEventBase {
  type: StepEventType;
  step: string;
  /** Plain, cloneable data (it crosses the worker boundary). */
  data: Readonly<Record<string, unknown>>;
}

export type TraceEvent = CoreTraceEvent | StepTraceEvent;

const CORE_EVENT_TYPES: ReadonlySet<string> = new Set<CoreTraceEventType>([
  'run-start',
  'run-end',
  'llm-call-start',
  'llm-call-end',
  'llm-call-repair',
  'llm-call-fallback',
  'budget-exhausted',
]);

/**
 * Narrows an event to the core events; `event.type` then discriminates them (a step event's
 * template-literal type would match every name, so `===` alone does not narrow).
 */
export function isCoreEvent(event: TraceEvent): event is CoreTraceEvent {
  return CORE_EVENT_TYPES.has(event.type);
}

/** `Omit` applied to each member of a union. */
type WithoutTime<Event> = Event extends TraceEventBase ? Omit<Event, 'at'> : never;

export type TraceListener = (event: TraceEvent) => void;

export interface TraceTotals {
  /** Calls that reached the engine (first attempts and repairs). */
  llmCalls: number;
  promptTokens: number;
  completionTokens: number;
  /** Time spent waiting for the engine. */
  llmMs: number;
  /** Time since the run started, or its whole length once `run-end` was emitted. */
  ms: number;
  repairs: number;
  fallbacks: number;
}

export class Trace {
  private readonly recorded: TraceEvent[] = [];
  private readonly listeners = new Set<TraceListener>();
  private readonly startedAt: number;

  /** `clock` returns milliseconds (default `performance.now`); tests pass a fake one. */
  constructor(private readonly clock: () => number = () => performance.now()) {
    this.startedAt = clock();
  }

  /** Every event so far, in order. */
  get events(): readonly TraceEvent[] {
    return this.recorded;
  }

  /** Milliseconds since the run started. */
  elapsed(): number {
    return this.clock() - this.startedAt;
  }

  emit(event: WithoutTime<CoreTraceEvent>): CoreTraceEvent {
    const timed = { ...event, at: this.elapsed() } as CoreTraceEvent;
    this.record(timed);
    return timed;
  }

  /** Emits an agent step's event; core names are reserved for `emit`. */
  emitStep(
    type: StepEventType,
    step: string,
    data: Readonly<Record<string, unknown>> = {},
  ): StepTraceEvent {
    if (CORE_EVENT_TYPES.has(type)) {
      throw new TypeError(`"${type}" is a core trace event; emit it with Trace.emit.`);
    }
    const event: StepTraceEvent = { type, step, data, at: this.elapsed() };
    this.record(event);
    return event;
  }

  /**
   * Calls `listener` with each later event; returns the function that stops it. A listener that
   * throws does not stop the run: its error is reported asynchronously, as EventTarget does.
   */
  subscribe(listener: TraceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  totals(): TraceTotals {
    const totals: TraceTotals = {
      llmCalls: 0,
      promptTokens: 0,
      completionTokens: 0,
      llmMs: 0,
      ms: this.elapsed(),
      repairs: 0,
      fallbacks: 0,
    };
    for (const event of this.recorded) {
      if (!isCoreEvent(event)) continue;
      if (event.type === 'llm-call-end') {
        totals.llmCalls += 1;
        totals.promptTokens += event.promptTokens;
        totals.completionTokens += event.completionTokens;
        totals.llmMs += event.ms;
      } else if (event.type === 'llm-call-repair') totals.repairs += 1;
      else if (event.type === 'llm-call-fallback') totals.fallbacks += 1;
      else if (event.type === 'run-end') totals.ms = event.at;
    }
    return totals;
  }

  private record(event: TraceEvent): void {
    this.recorded.push(event);
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
