import { describe, expect, it } from 'vitest';
import {
  checkFile,
  DEFAULT_MAX_FILE_BYTES,
  extensionOf,
} from '../../../src/core/ingest/file-check.ts';

describe('extensionOf', () => {
  it('returns the lower-case extension of the file name only', () => {
    expect(extensionOf('dir.v2/File.Tar.GZ')).toBe('gz');
    expect(extensionOf('dir.v2/Makefile')).toBe('');
    expect(extensionOf('.hidden')).toBe('');
  });
});

describe('checkFile', () => {
  const readable = (extension: string) => extension === 'md';

  it('passes a readable file of some bytes up to the limit', () => {
    expect(() => checkFile('notes/A.MD', 1, readable)).not.toThrow();
    expect(() => checkFile('a.md', DEFAULT_MAX_FILE_BYTES, readable)).not.toThrow();
    expect(() => checkFile('a.md', 11, readable, 10)).toThrow(
      expect.objectContaining({ name: 'FileTooLargeError' }),
    );
  });

  it('names why a file will not be read: its type first, then empty, then too large', () => {
    const cases: [string, number, string][] = [
      ['a.exe', 0, 'UnsupportedFileError'],
      ['a.md', 0, 'EmptyFileError'],
      ['a.md', DEFAULT_MAX_FILE_BYTES + 1, 'FileTooLargeError'],
    ];
    for (const [path, size, name] of cases) {
      expect(() => checkFile(path, size, readable)).toThrow(expect.objectContaining({ name }));
    }
  });
});
