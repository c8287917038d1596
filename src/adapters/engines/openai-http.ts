/**
 * Sending a request to an OpenAI-compatible server: retries on refused connections and on 429 or
 * 5xx answers (only before any byte of an answer arrived, so nothing is streamed twice), with
 * exponential backoff, and each failure mapped to the error the user sees.
 */
import {
  ContextOverflowError,
  EngineResponseError,
  EngineUnavailableError,
} from '../../core/errors.ts';
import type { RequestWatch } from './request-watch.ts';
import { isRecord } from '../../core/is-record.ts';

export interface RetryPolicy {
  /** Attempts after the first. */
  retries: number;
  /** Wait before the first retry; doubled before each further one. */
  retryDelayMs: number;
  /** Longest wait for the response headers. */
  timeoutMs: number;
}

/** The server rejected the request's `response_format`: the caller may try a simpler one. */
export class ResponseFormatRejectedError extends Error {
  override readonly name = 'ResponseFormatRejectedError';
}

export async function sendWithRetries(
  fetchFunction: typeof fetch,
  url: string,
  init: RequestInit,
  policy: RetryPolicy,
  watch: RequestWatch,
): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    const retriesLeft = attempt < policy.retries;
    watch.arm(policy.timeoutMs, 'first byte');
    let response: Response;
    try {
      response = await watch.race(fetchFunction(url, { ...init, signal: watch.signal }));
    } catch (error) {
      if (watch.signal.aborted) throw watch.failure();
      if (!retriesLeft) throw new EngineUnavailableError(watch.where, connectionDetail(error));
      watch.disarm();
      await watch.sleep(policy.retryDelayMs * 2 ** attempt);
      continue;
    }
    if (response.ok) return response;
    const retryable = response.status === 429 || response.status >= 500;
    const detail = await watch.race(readErrorMessage(response));
    if (retryable && retriesLeft) {
      watch.disarm();
      await watch.sleep(policy.retryDelayMs * 2 ** attempt);
      continue;
    }
    throw responseError(watch.where, response.status, detail);
  }
}

/** The error for a failure the server reported, in a status or inside the stream. */
export function responseError(where: string, status: number | undefined, detail: string): Error {
  if (status === 400 && /response_format|json_schema|json_object/i.test(detail)) {
    return new ResponseFormatRejectedError(detail);
  }
  if (
    /context (length|size|window)|too many tokens|exceeds? the (available )?context/i.test(detail)
  ) {
    return new ContextOverflowError(where, detail);
  }
  return new EngineResponseError(where, status, detail);
}

/** The server's own words: OpenAI and llama.cpp send `{ error: { message } }`, Ollama `{ error }`. */
export async function readErrorMessage(response: Response): Promise<string> {
  const body = await response.text().catch(() => '');
  return errorMessageOf(body) ?? (body.trim().slice(0, 300) || response.statusText || 'no details');
}

export function errorMessageOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (!isRecord(parsed)) return undefined;
    const error = parsed.error ?? parsed;
    if (typeof error === 'string') return error;
    if (isRecord(error) && typeof error.message === 'string') return error.message;
  } catch {
    // Not JSON: the caller shows the text as it is.
  }
  return undefined;
}

function connectionDetail(error: unknown): string {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string')
    return cause.code === 'ECONNREFUSED' ? 'connection refused' : cause.code;
  return error instanceof Error ? error.message : String(error);
}
