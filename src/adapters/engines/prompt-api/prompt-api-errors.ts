/**
 * The Prompt API's failures as Archivist's errors. The API rejects with DOMExceptions
 * (https://webmachinelearning.github.io/prompt-api/): NotSupportedError (options or languages
 * this browser's model cannot serve), NotAllowedError (a download without a click, or a page the
 * permissions policy keeps out), QuotaExceededError (the input is larger than the context
 * window), InvalidStateError (a destroyed session), AbortError, and UnknownError / OperationError
 * for the rest.
 */
import {
  ArchivistError,
  BuiltInModelActivationError,
  BuiltInModelUnavailableError,
  ContextOverflowError,
  EngineResponseError,
} from '../../../core/errors.ts';
import type {
  LanguageModelAvailability,
  LanguageModelCoreOptions,
  LanguageModelFactory,
} from './prompt-api.ts';

const MODEL = 'built-in';

/** The availability when the model can be used or downloaded; else `BuiltInModelUnavailableError`. */
export async function checkAvailable(
  factory: LanguageModelFactory,
  options: LanguageModelCoreOptions,
): Promise<LanguageModelAvailability> {
  let availability: LanguageModelAvailability;
  try {
    availability = await factory.availability(options);
  } catch (error) {
    throw new BuiltInModelUnavailableError(detailOf(error));
  }
  if (availability === 'unavailable') {
    throw new BuiltInModelUnavailableError('the browser reports it unavailable on this device');
  }
  return availability;
}

/** A failure of creating the base session (and downloading the model). */
export function loadError(error: unknown, availability: LanguageModelAvailability): Error {
  const name = nameOf(error);
  if (name === 'AbortError') return error as Error;
  if (name === 'NotAllowedError' && availability !== 'available') {
    return new BuiltInModelActivationError();
  }
  return new BuiltInModelUnavailableError(detailOf(error));
}

/** A failure of one call's session or prompt (an abort is handled by the caller). */
export function promptError(error: unknown): Error {
  if (error instanceof ArchivistError) return error;
  const name = nameOf(error);
  if (name === 'QuotaExceededError') return new ContextOverflowError(MODEL, detailOf(error));
  if (name === 'NotSupportedError' || name === 'NotAllowedError') {
    return new BuiltInModelUnavailableError(detailOf(error));
  }
  return new EngineResponseError(MODEL, undefined, detailOf(error));
}

function nameOf(error: unknown): string {
  return error instanceof Error || error instanceof DOMException ? error.name : '';
}

function detailOf(error: unknown): string {
  if (error instanceof Error || error instanceof DOMException) {
    return error.message === '' ? error.name : `${error.name}: ${error.message}`;
  }
  return String(error);
}
