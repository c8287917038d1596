/**
 * The record of one answering run: every step emits typed events with noun-verb names
 * (`run-start`, `llm-call-end`, `strategy-choose`, `retrieval-end`; trace-events.ts declares
 * them), timed in milliseconds since the run began, so the UI can show the run live
 * (subscribers) and the eval can total its cost (`totals`). Events are plain data, safe to post
 * to a worker or store.
 */
import type {
  CoreTraceEvent,
  StepEventFields,
  StepEventType,
  StepTraceEvent,
  TraceEvent,
} from './trace-events.ts';

/** The events a trace records, declared in trace-events.ts. */
export { isCoreEvent, type TraceEvent } from './trace-events.ts';

/** `Omit` applied to each member of a union. */
type WithoutTime<Event> = Event extends TraceEvent ? Omit<Event, 'at'> : never;

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

  /** Emits an event of the run or of a model call. */
  emit(event: WithoutTime<CoreTraceEvent>): void {
    this.record({ ...event, at: this.elapsed() } as CoreTraceEvent);
  }

  /** Emits an agent step's event: its name, the step, and the fields that event declares. */
  emitStep<Type extends StepEventType>(
    type: Type,
    step: string,
    fields: StepEventFields<Type>,
  ): void {
    this.record({ type, step, at: this.elapsed(), ...fields } as StepTraceEvent);
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
