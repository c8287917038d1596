import { appendFile, mkdir, mkdtemp, rm, truncate, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NodeFolderSource } from '../../src/adapters/source/node-folder-source.ts';
import type { SourceFile } from '../../src/core/ports/folder-source.ts';

let folder: string;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'archivist-source-'));
  await mkdir(join(folder, 'notes/.hidden'), { recursive: true });
  await writeFile(join(folder, 'notes/a.txt'), 'alpha\n');
  await writeFile(join(folder, 'notes/.hidden/secret.txt'), 'hidden\n');
  await writeFile(join(folder, 'b.md'), '# Beta\n');
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function listed(path: string): Promise<SourceFile> {
  const file = (await new NodeFolderSource(folder).list()).find((entry) => entry.path === path);
  if (!file) throw new Error(`${path} is not listed`);
  return file;
}

describe('NodeFolderSource', () => {
  it('lists files with forward-slash paths in name order, without hidden ones', async () => {
    const files = await new NodeFolderSource(folder).list();
    expect(files.map((file) => [file.path, file.size])).toEqual([
      ['b.md', 7],
      ['notes/a.txt', 6],
    ]);
    expect(new TextDecoder().decode(await files[1]!.read())).toBe('alpha\n');
  });

  it('refuses to read a file that grew after it was listed, reading none of it', async () => {
    const file = await listed('notes/a.txt');
    await appendFile(join(folder, 'notes/a.txt'), 'x'.repeat(1024 * 1024));
    await expect(file.read()).rejects.toMatchObject({
      name: 'FileReadError',
      message: expect.stringMatching(
        /changed while it was being indexed, from 6 bytes to 1,048,582 bytes/,
      ),
    });
  });

  it('refuses a file that shrank, and one that is gone, with FileReadError', async () => {
    const shrunk = await listed('notes/a.txt');
    await truncate(join(folder, 'notes/a.txt'), 2);
    await expect(shrunk.read()).rejects.toMatchObject({ name: 'FileReadError' });
    const gone = await listed('b.md');
    await unlink(join(folder, 'b.md'));
    await expect(gone.read()).rejects.toMatchObject({
      name: 'FileReadError',
      message: expect.stringContaining('"b.md" could not be opened'),
    });
  });

  it('stops reading when cancelled', async () => {
    const file = await listed('b.md');
    const controller = new AbortController();
    controller.abort();
    await expect(file.read(controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
