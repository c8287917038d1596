import { describe, expect, it } from 'vitest';
import { DirectoryHandleSource } from '../../../src/adapters/source/directory-handle-source.ts';
import { FileReadError } from '../../../src/core/errors.ts';

/** What a test folder holds: a file's text, a nested folder, or a file whose snapshot fails. */
type Tree = { [name: string]: string | Tree | Error };

/** Counts the `getFile()` calls waiting at once, the most at any time. */
class Openings {
  now = 0;
  most = 0;
}

/** A stand-in for a File System Access folder handle over `tree` (entries in reverse order). */
function folder(name: string, tree: Tree, openings: Openings): FileSystemDirectoryHandle {
  const entries = Object.entries(tree)
    .reverse()
    .map(([entryName, value]) =>
      typeof value === 'string' || value instanceof Error
        ? {
            kind: 'file',
            name: entryName,
            async getFile() {
              openings.now += 1;
              openings.most = Math.max(openings.most, openings.now);
              await new Promise((resolve) => setTimeout(resolve, 1));
              openings.now -= 1;
              if (value instanceof Error) throw value;
              return new File([value], entryName, { lastModified: 7 });
            },
          }
        : folder(entryName, value, openings),
    );
  return {
    kind: 'directory',
    name,
    async *values() {
      yield* entries;
    },
  } as unknown as FileSystemDirectoryHandle;
}

describe('DirectoryHandleSource', () => {
  it('lists every file in path order, hidden ones left out, each reading its bytes', async () => {
    const openings = new Openings();
    const source = new DirectoryHandleSource(
      folder(
        'library',
        {
          'b.md': 'bee',
          '.DS_Store': 'x',
          notes: { 'z.txt': 'zed', '.git': { config: 'x' }, 'a.txt': 'a' },
          'a.md': 'ay',
        },
        openings,
      ),
    );
    expect(source.name).toBe('library');
    const files = await source.list();
    expect(files.map((file) => [file.path, file.size, file.mtime])).toEqual([
      ['a.md', 2, 7],
      ['b.md', 3, 7],
      ['notes/a.txt', 1, 7],
      ['notes/z.txt', 3, 7],
    ]);
    expect(new TextDecoder().decode(await files[3]!.read())).toBe('zed');
  });

  it('opens the files of a folder together, in batches, keeping their order', async () => {
    const openings = new Openings();
    const tree: Tree = {};
    for (let index = 0; index < 100; index += 1) tree[`${String(index).padStart(3, '0')}.md`] = 'x';
    const files = await new DirectoryHandleSource(folder('many', tree, openings)).list();
    expect(files.map((file) => file.path)).toEqual(Object.keys(tree).sort());
    expect(openings.most).toBeGreaterThan(1);
    expect(openings.most).toBeLessThanOrEqual(32);
  });

  it('lists a file whose snapshot cannot be had with a read that fails with FileReadError', async () => {
    const source = new DirectoryHandleSource(
      folder('library', { 'gone.md': new Error('it was moved'), 'kept.md': 'k' }, new Openings()),
    );
    const [gone, kept] = await source.list();
    expect(gone!.path).toBe('gone.md');
    await expect(gone!.read()).rejects.toBeInstanceOf(FileReadError);
    await expect(gone!.read()).rejects.toThrow('it was moved');
    expect(kept!.size).toBe(1);
  });

  it('stops listing when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const source = new DirectoryHandleSource(folder('library', { 'a.md': 'a' }, new Openings()));
    await expect(source.list(controller.signal)).rejects.toThrow();
  });
});
