import { EmptyFileError, FileTooLargeError, UnsupportedFileError } from '../errors.ts';

/** Files over this size are not read: 50 MB. */
export const DEFAULT_MAX_FILE_BYTES = 50 * 1024 * 1024;

/** The lower-case extension of a path without the dot; empty for none (and for ".bashrc"). */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The rules every file meets before a byte of it is read: a type some parser reads (`readable`,
 * given the path's extension), not empty, not over `maxFileBytes`. Throws UnsupportedFileError,
 * EmptyFileError or FileTooLargeError.
 */
export function checkFile(
  path: string,
  size: number,
  readable: (extension: string) => boolean,
  maxFileBytes = DEFAULT_MAX_FILE_BYTES,
): void {
  if (!readable(extensionOf(path))) throw new UnsupportedFileError(path);
  if (size === 0) throw new EmptyFileError(path, 'the file is 0 bytes');
  if (size > maxFileBytes) throw new FileTooLargeError(path, size, maxFileBytes);
}
