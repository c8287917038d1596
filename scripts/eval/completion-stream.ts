/**
 * Writing a streamed OpenAI chat completion the way real servers do, for the local servers of the
 * tests and the evaluation: `chat.completion.chunk` events (a role chunk, one per delta, a finish
 * chunk, a usage chunk), `[DONE]`, written a few bytes at a time so that lines, JSON and UTF-8
 * sequences arrive split.
 */
import type { ServerResponse } from 'node:http';

export interface CompletionUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export interface CompletionStream {
  model: string;
  pieces: readonly string[];
  finishReason: 'stop' | 'length';
  /** Reported in a usage chunk after the finish chunk unless false. */
  usage: CompletionUsage | false;
  /** An error event after the deltas, as llama.cpp sends one. */
  errorEvent?: string;
}

/** Every server-sent event of the completion, in order, each ending in its blank line. */
export function completionEvents(stream: CompletionStream): string[] {
  const chunk = (fields: Record<string, unknown>): string =>
    `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', model: stream.model, ...fields })}\n\n`;
  const events = [chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] })];
  for (const piece of stream.pieces) {
    events.push(chunk({ choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] }));
  }
  if (stream.errorEvent) {
    events.push(`data: ${JSON.stringify({ error: { message: stream.errorEvent } })}\n\n`);
  }
  events.push(chunk({ choices: [{ index: 0, delta: {}, finish_reason: stream.finishReason }] }));
  if (stream.usage !== false) {
    const { usage } = stream;
    events.push(
      chunk({
        choices: [],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      }),
    );
  }
  events.push('data: [DONE]\n\n');
  return events;
}

/** Sends the event-stream headers. */
export function startEventStream(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
}

/** Writes `events` `sliceBytes` at a time, a millisecond apart, until done or disconnected. */
export async function writeInSlices(
  response: ServerResponse,
  events: readonly string[],
  sliceBytes: number,
): Promise<void> {
  const bytes = new TextEncoder().encode(events.join(''));
  for (let start = 0; start < bytes.length && !response.destroyed; start += sliceBytes) {
    response.write(bytes.subarray(start, start + sliceBytes));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** Writes `events` one at a time, `pauseMs` apart, until done or disconnected. */
export async function writeSlowly(
  response: ServerResponse,
  events: readonly string[],
  pauseMs: number,
): Promise<void> {
  for (const event of events) {
    if (response.destroyed) return;
    response.write(event);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}
