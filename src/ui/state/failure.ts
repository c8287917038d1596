import { describeError } from '../../core/errors.ts';

/** An error as the UI shows it: only `name` and `message` survive the worker boundary. */
export interface Failure {
  name: string;
  message: string;
}

export function toFailure(error: unknown): Failure {
  return describeError(error);
}

export function isCancellation(failure: Failure): boolean {
  return failure.name === 'AbortError';
}
