import { ArchivistError } from '../../core/errors.ts';

export class PassageNotFoundError extends ArchivistError {
  readonly name = 'PassageNotFoundError';
  constructor() {
    super(
      'This passage is no longer in the library: its file changed or was removed. Search again.',
    );
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
