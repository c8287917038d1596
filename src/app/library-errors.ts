import { ArchivistError } from '../core/errors.ts';

export class PassageNotFoundError extends ArchivistError {
  readonly name = 'PassageNotFoundError';
  constructor() {
    super(
      'This passage is no longer in the library: its file changed or was removed. Search again.',
    );
  }
}

/** The viewer cannot have a file's own bytes to show its pages; it shows the file's text. */
export class OriginalUnavailableError extends ArchivistError {
  readonly name = 'OriginalUnavailableError';
  /** `reason`: why, and what would help, in a clause. */
  constructor(path: string, reason: string) {
    super(`The pages of “${path}” cannot be shown: ${reason}. Its text is shown instead.`);
  }
}

export class InvalidModelHostError extends ArchivistError {
  readonly name = 'InvalidModelHostError';
  constructor(host: string) {
    super(
      `“${host}” is not a web address. Enter the base URL of the model mirror, e.g. https://models.example.org/, or leave it empty for the Hugging Face hub.`,
    );
  }
}

export class InvalidEngineSettingError extends ArchivistError {
  readonly name = 'InvalidEngineSettingError';
  constructor(
    reason: string,
    hint = "Enter the server's base URL up to its API version, e.g. http://localhost:11434/v1, and a model it offers.",
  ) {
    super(`${reason} ${hint}`);
  }
}

/** The model manager cannot read or fill the model cache (no Cache Storage, or another backend). */
export class ModelCacheUnavailableError extends ArchivistError {
  readonly name = 'ModelCacheUnavailableError';
  constructor(readonly reason: string) {
    super(
      `Archivist cannot manage model downloads here: ${reason}. The model still downloads when it loads.`,
    );
  }
}

export class InvalidOcrHostError extends ArchivistError {
  readonly name = 'InvalidOcrHostError';
  constructor(host: string) {
    super(
      `“${host}” is not a web address. Enter the base URL that holds the OCR language files (such as eng.traineddata.gz), e.g. https://tessdata.projectnaptha.com/4.0.0.`,
    );
  }
}

export class InvalidOcrLanguageError extends ArchivistError {
  readonly name = 'InvalidOcrLanguageError';
  constructor(code: string) {
    super(
      `“${code}” is not a Tesseract language code. Use codes such as eng, deu, fra or chi_sim, separated by commas.`,
    );
  }
}
