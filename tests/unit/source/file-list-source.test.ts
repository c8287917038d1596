import { describe, expect, it } from 'vitest';
import { FileListSource } from '../../../src/adapters/source/file-list-source.ts';

function picked(relativePath: string, content: string, lastModified = 1000) {
  return {
    relativePath,
    file: new File([content], relativePath.split('/').at(-1) ?? '', { lastModified }),
  };
}

describe('FileListSource', () => {
  it('is named after the top folder, which it strips from every path', async () => {
    const source = new FileListSource([
      picked('library/notes/b.md', 'bee'),
      picked('library/a.txt', 'a', 42),
    ]);
    expect(source.name).toBe('library');
    const files = await source.list();
    expect(files.map((file) => [file.path, file.size, file.mtime])).toEqual([
      ['a.txt', 1, 42],
      ['notes/b.md', 3, 1000],
    ]);
    expect(new TextDecoder().decode(await files[1]?.read())).toBe('bee');
  });

  it('leaves out hidden files and folders', async () => {
    const source = new FileListSource([
      picked('library/.DS_Store', 'x'),
      picked('library/.git/config', 'x'),
      picked('library/kept.md', 'x'),
    ]);
    expect((await source.list()).map((file) => file.path)).toEqual(['kept.md']);
  });
});
