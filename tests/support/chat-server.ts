/**
 * A local OpenAI-compatible server for tests, on 127.0.0.1 and a free port: it records each
 * request and answers as a scripted reply says, streaming SSE the way real servers do (deltas cut
 * at odd byte offsets, a usage chunk, `[DONE]`), or failing, or stalling.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  completionEvents,
  startEventStream,
  writeInSlices,
} from '../../scripts/eval/completion-stream.ts';

export type ServerReply =
  | {
      kind: 'stream';
      pieces: string[];
      /** Reported in a final usage chunk unless false. */
      usage?: { prompt_tokens: number; completion_tokens: number } | false;
      finishReason?: 'stop' | 'length';
      /** Bytes per write (default 7: splits lines, JSON and UTF-8 sequences). */
      sliceBytes?: number;
      /** Stop writing (but keep the connection open) after this many deltas. */
      stallAfter?: number;
      /** An error event after the deltas, as llama.cpp sends one. */
      errorEvent?: string;
    }
  | { kind: 'error'; status: number; body: string }
  | { kind: 'json'; body: unknown }
  /** Reads the request and never answers. */
  | { kind: 'silent' };

export interface ChatServer {
  /** Base URL, ending in `/v1`. */
  url: string;
  /** Parsed JSON bodies of the chat requests, in arrival order. */
  requests: Record<string, unknown>[];
  close(): Promise<void>;
}

/** `replies[n]` answers the n-th chat request; the last one answers any further requests. */
export async function startChatServer(replies: readonly ServerReply[]): Promise<ChatServer> {
  const requests: Record<string, unknown>[] = [];
  const server = createServer((request, response) => {
    void handle(request, response);
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'GET' && request.url === '/v1/models') {
      sendJson(response, 200, { object: 'list', data: [{ id: 'test-model' }, { id: 'other' }] });
      return;
    }
    let body = '';
    for await (const chunk of request) body += String(chunk);
    requests.push(JSON.parse(body) as Record<string, unknown>);
    const reply = replies[Math.min(requests.length, replies.length) - 1];
    if (reply?.kind === 'silent') return;
    if (!reply || reply.kind === 'json') sendJson(response, 200, reply?.body ?? {});
    else if (reply.kind === 'error') {
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end(reply.body);
    } else await stream(response, reply);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function stream(
  response: ServerResponse,
  reply: Extract<ServerReply, { kind: 'stream' }>,
): Promise<void> {
  startEventStream(response);
  const events = completionEvents({
    model: 'test-model',
    pieces: reply.pieces,
    finishReason: reply.finishReason ?? 'stop',
    usage: reply.usage ?? { prompt_tokens: 11, completion_tokens: reply.pieces.length },
    errorEvent: reply.errorEvent,
  });
  const { stallAfter } = reply;
  const sent = stallAfter === undefined ? events : events.slice(0, stallAfter + 1);
  await writeInSlices(response, sent, reply.sliceBytes ?? 7);
  if (stallAfter === undefined && !response.destroyed) response.end();
}
