import { describe, expect, it } from 'vitest';
import { readAhead, type LoadedFile } from '../../../src/core/ingest/read-ahead.ts';
import type { SourceFile } from '../../../src/core/ports/folder-source.ts';

const file = (path: string, size = 10): SourceFile => ({
  path,
  size,
  mtime: 0,
  read: async () => new Uint8Array(size),
});

describe('readAhead', () => {
  it('yields every file in order while loading a bounded number ahead', async () => {
    const files = Array.from({ length: 10 }, (_, index) => file(`f${index}`));
    let loading = 0;
    let mostLoading = 0;
    const load = async (source: SourceFile): Promise<LoadedFile> => {
      loading += 1;
      mostLoading = Math.max(mostLoading, loading);
      // Finishes a turn later: the loads started before it are in flight together.
      await Promise.resolve();
      loading -= 1;
      return { file: source, hash: source.path };
    };
    const seen: string[] = [];
    for await (const loaded of readAhead(files, load, { files: 3, bytes: 1000 })) {
      seen.push(loaded.hash);
    }
    expect(seen).toEqual(files.map((source) => source.path));
    expect(mostLoading).toBe(3);
  });

  it('starts loads in groups, once half of those in flight or fewer remain', async () => {
    const files = Array.from({ length: 9 }, (_, index) => file(`f${index}`));
    const groups: string[][] = [];
    let current: string[] | undefined;
    const load = async (source: SourceFile): Promise<LoadedFile> => {
      if (!current) {
        current = [];
        groups.push(current);
        // Loads started in the same turn form one group.
        queueMicrotask(() => (current = undefined));
      }
      current.push(source.path);
      return { file: source, hash: '' };
    };
    for await (const loaded of readAhead(files, load, { files: 4, bytes: 1000 })) void loaded;
    expect(groups).toEqual([['f0', 'f1', 'f2', 'f3'], ['f4', 'f5'], ['f6', 'f7'], ['f8']]);
  });

  it('keeps the bytes in flight under the limit but always loads one file', async () => {
    const files = [file('big', 500), file('small', 10), file('huge', 5000)];
    const started: string[] = [];
    const load = async (source: SourceFile): Promise<LoadedFile> => {
      started.push(source.path);
      return { file: source, hash: '' };
    };
    const iterator = readAhead(files, load, { files: 8, bytes: 600 });
    await iterator.next();
    expect(started).toEqual(['big', 'small']);
    const rest = [];
    for await (const loaded of iterator) rest.push(loaded.file.path);
    expect(rest).toEqual(['small', 'huge']);
  });
});
