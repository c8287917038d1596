import { describe, expect, it } from 'vitest';
import { ChunkReads } from '../../../src/core/retrieval/chunk-reads.ts';
import type { Chunk } from '../../../src/core/types.ts';

const chunk = (id: string): Chunk => ({
  id,
  collectionId: 'c',
  fileId: id.split('#')[0]!,
  path: 'a.md',
  ordinal: 0,
  text: `text of ${id}`,
  start: 0,
  end: 10,
  headingPath: [],
});

describe('ChunkReads', () => {
  it('reads each id once, asked early or late, and answers in the order asked', async () => {
    const calls: string[][] = [];
    const reads = new ChunkReads(async (ids) => {
      calls.push([...ids]);
      return ids.map((id) => (id.startsWith('c/') ? chunk(id) : undefined));
    });
    reads.prefetch(['c/a#0', 'c/b#0']);
    const [first] = await reads.chunks(['c/a#0']);
    expect(first?.id).toBe('c/a#0');
    const found = await reads.chunks(['c/c#0', 'c/b#0', 'gone#0', 'c/c#0']);
    expect(found.map((item) => item?.id)).toEqual(['c/c#0', 'c/b#0', undefined, 'c/c#0']);
    expect(calls).toEqual([
      ['c/a#0', 'c/b#0'],
      ['c/c#0', 'gone#0'],
    ]);
  });

  it('reports a failed read to whoever awaits its chunks', async () => {
    const reads = new ChunkReads(() => Promise.reject(new Error('The store is closed.')));
    reads.prefetch(['c/a#0']);
    await expect(reads.chunks(['c/a#0'])).rejects.toThrow('The store is closed.');
  });
});
