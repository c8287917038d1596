import { describe, expect, it } from 'vitest';
import { toTransferredError } from '../../../src/app/worker-errors.ts';
import { CorruptFileError, OcrTurnedOffError } from '../../../src/core/errors.ts';

describe('toTransferredError', () => {
  it('keeps only the name and message of an error', () => {
    const error = new CorruptFileError('a.pdf', 'bad xref');
    expect(toTransferredError(error)).toEqual({
      isError: true,
      value: { name: 'CorruptFileError', message: error.message },
    });
  });

  it('keeps the setting that decided an error', () => {
    const error = new OcrTurnedOffError('scan.png');
    expect(toTransferredError(error).value).toEqual({
      name: 'OcrTurnedOffError',
      message: error.message,
      setting: 'ocr',
    });
  });

  it('keeps the name of a DOMException', () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    expect(toTransferredError(abort).value).toEqual({
      name: 'AbortError',
      message: 'The operation was aborted.',
    });
  });

  it('describes anything else that was thrown', () => {
    expect(toTransferredError('disk on fire').value).toEqual({
      name: 'Error',
      message: 'disk on fire',
    });
  });
});
