import { ArchivistError } from '../../core/errors.ts';

export class PassageNotFoundError extends ArchivistError {
  readonly name = 'PassageNotFoundError';
  constructor() {
    super(
      'This passage is no longer in the library: its file changed or was removed. Search again.',
    );
  }
}
