/**
 * A `ChatEngine` served over comlink to another context, for an engine that can run only where
 * it is: the browser's built-in model exists on Window alone, so the page hosts it and the library
 * worker reaches it through `RemoteChatEngine`. A completion is pulled one step at a time over the
 * one channel (as `WebLlmHost` serves web-llm's), so every delta arrives before the call's end.
 */
import type {
  ChatEngine,
  ChatEngineInfo,
  ChatRequest,
  ChatResponse,
} from '../../../core/ports/chat-engine.ts';

/** A request as it crosses: no signal (`stop` stands for it) and no callback (`next` pulls). */
export type HostedChatRequest = Omit<ChatRequest, 'signal' | 'onDelta'>;

/** One step of a call: a piece of text, or its end with the whole response. */
export type HostedChatStep = { delta: string } | { response: ChatResponse };

interface HostedCall {
  controller: AbortController;
  /** What `next` has still to hand over, in order: deltas, then the end or the failure. */
  steps: (HostedChatStep | { failure: unknown })[];
  /** Wakes a `next` waiting for a step. */
  wake: (() => void) | undefined;
}

export class ChatEngineHost {
  readonly #engine: ChatEngine;
  readonly #calls = new Map<string, HostedCall>();
  #lastId = 0;

  constructor(engine: ChatEngine) {
    this.#engine = engine;
  }

  info(): ChatEngineInfo {
    return this.#engine.info;
  }

  /** Starts a completion; the id names it to `next` and `stop`. */
  start(request: HostedChatRequest): string {
    this.#lastId += 1;
    const id = String(this.#lastId);
    const call: HostedCall = { controller: new AbortController(), steps: [], wake: undefined };
    const push = (step: HostedCall['steps'][number]): void => {
      call.steps.push(step);
      call.wake?.();
      call.wake = undefined;
    };
    this.#calls.set(id, call);
    this.#engine
      .complete({
        ...request,
        signal: call.controller.signal,
        onDelta: (delta) => push({ delta }),
      })
      .then(
        (response) => push({ response }),
        (failure: unknown) => push({ failure }),
      );
    return id;
  }

  /** The call's next delta, else its response once it has ended (it rejects as the call did). */
  async next(id: string): Promise<HostedChatStep> {
    const call = this.#calls.get(id);
    if (!call) throw new Error(`No completion ${id} runs here.`);
    while (call.steps.length === 0) {
      await new Promise<void>((resolve) => (call.wake = resolve));
    }
    const step = call.steps.shift() as HostedCall['steps'][number];
    if ('delta' in step) return step;
    this.#calls.delete(id);
    if ('failure' in step) throw step.failure;
    return step;
  }

  /** Stops the call and forgets it: its caller reads no more of it. */
  stop(id: string): void {
    this.#calls.get(id)?.controller.abort(new DOMException('The call was stopped.', 'AbortError'));
    this.#calls.delete(id);
  }
}
