import { StorageFullError } from '../../core/errors.ts';

/** Chromium and Safari say `QuotaExceededError`; old Firefox said `NS_ERROR_DOM_QUOTA_REACHED`. */
const QUOTA_ERROR_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);

export function isQuotaExceeded(error: unknown): boolean {
  return error instanceof Object && 'name' in error && QUOTA_ERROR_NAMES.has(String(error.name));
}

/**
 * `StorageFullError` when the failed request or its transaction ran out of quota (a browser may
 * report it only as the transaction's `error`, the request failing with `AbortError`), else `error`.
 */
export function toStorageError(error: unknown, transactionError?: DOMException | null): unknown {
  return isQuotaExceeded(error) || isQuotaExceeded(transactionError)
    ? new StorageFullError()
    : error;
}
