import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/core/ports/store.ts';
import { decodeSegment } from '../../src/core/retrieval/keyword-segment-format.ts';
import { makeCollection, makeWrite } from './store-fixtures.ts';

/** The keyword index kept with the chunks (`FileWrite.keywords`, base and segments). */
export function describeKeywordsContract(name: string, createStore: () => Promise<Store>): void {
  describe(`Store contract, keyword index: ${name}`, () => {
    let store: Store;

    beforeEach(async () => {
      store = await createStore();
      await store.putCollection(makeCollection('a'));
      await store.putCollection(makeCollection('b'));
    });

    it('keeps one segment per written or deleted file, oldest first, with the chunk count', async () => {
      const one = makeWrite('a', 'one.md', { chunkCount: 2 });
      await store.writeFiles([one]);
      await store.writeFiles([makeWrite('a', 'two.md', { chunkCount: 3 })]);
      await store.writeFiles([makeWrite('b', 'one.md')]);
      await store.writeFiles([makeWrite('a', 'one.md', { chunkCount: 1 })]);
      await store.deleteFiles('a', ['a/two.md']);
      const stored = await store.loadKeywords('a');
      expect(stored).toMatchObject({ chunkCount: 1, generation: 0 });
      expect(stored.base).toBeUndefined();
      expect(stored.segments.map((segment) => segment.fileId)).toEqual(['a/one.md', 'a/two.md']);
      const [first, second] = stored.segments;
      expect(first!.sequence).toBeLessThan(second!.sequence);
      expect(decodeSegment(first!.bytes).ids).toEqual(['a/one.md#0']);
      expect(second!.bytes).toHaveLength(0);
      expect(await store.loadKeywords('missing')).toEqual({
        chunkCount: 0,
        generation: 0,
        segments: [],
      });
    });

    it('refuses a write whose segment does not hold exactly its chunks, changing nothing', async () => {
      const one = makeWrite('a', 'one.md', { chunkCount: 2 });
      const other = makeWrite('a', 'one.md', { chunkCount: 3 });
      await expect(store.writeFiles([{ ...one, keywords: other.keywords }])).rejects.toThrow(
        /keyword segment/,
      );
      await expect(
        store.writeFiles([{ ...one, keywords: new Uint8Array([1, 2, 3]) }]),
      ).rejects.toMatchObject({ name: 'KeywordIndexDamagedError' });
      expect(await store.loadKeywords('a')).toMatchObject({ chunkCount: 0, segments: [] });
    });

    it('swaps in a merged base, keeping newer segments, once per generation', async () => {
      await store.writeFiles([makeWrite('a', 'one.md')]);
      await store.writeFiles([makeWrite('a', 'two.md')]);
      const read = await store.loadKeywords('a');
      await store.writeFiles([makeWrite('a', 'two.md', { chunkCount: 1 })]);
      const base = new Uint8Array([1, 2, 3, 4]);
      const merged = read.segments.map((segment) => segment.sequence);
      const parts = [base.subarray(0, 1), base.subarray(1)];
      expect(await store.replaceKeywordBase('a', { base: parts, generation: 0, merged })).toBe(
        true,
      );
      base.fill(0);
      const after = await store.loadKeywords('a');
      expect(after).toMatchObject({ generation: 1, base: new Uint8Array([1, 2, 3, 4]) });
      expect(after.segments.map((segment) => segment.fileId)).toEqual(['a/two.md']);
      expect(await store.replaceKeywordBase('a', { base: [base], generation: 0, merged: [] })).toBe(
        false,
      );
      expect((await store.loadKeywords('a')).base).toEqual(new Uint8Array([1, 2, 3, 4]));
      await expect(
        store.replaceKeywordBase('missing', { base: [base], generation: 0, merged: [] }),
      ).rejects.toMatchObject({ name: 'CollectionNotFoundError' });
    });

    it('tells what loadKeywords would read, without the bytes', async () => {
      expect(await store.loadKeywordState('a')).toEqual({
        chunkCount: 0,
        generation: 0,
        sequences: [],
      });
      await store.writeFiles([makeWrite('a', 'one.md', { chunkCount: 2 })]);
      await store.writeFiles([makeWrite('b', 'one.md')]);
      await store.writeFiles([makeWrite('a', 'two.md')]);
      const read = await store.loadKeywords('a');
      const sequences = read.segments.map((segment) => segment.sequence);
      expect(await store.loadKeywordState('a')).toEqual({
        chunkCount: 4,
        generation: 0,
        sequences,
      });
      const base = new Uint8Array([5, 6, 7, 8]);
      await store.replaceKeywordBase('a', {
        base: [base],
        generation: 0,
        merged: sequences.slice(0, 1),
      });
      await store.deleteFiles('a', ['a/one.md']);
      const later = await store.loadKeywords('a');
      expect(await store.loadKeywordState('a')).toEqual({
        chunkCount: 2,
        generation: 1,
        sequences: later.segments.map((segment) => segment.sequence),
      });
      expect(later.segments.map((segment) => segment.fileId)).toEqual(['a/two.md', 'a/one.md']);
    });

    it('opens a merged base to read by range, as it was when opened', async () => {
      expect(await store.openKeywordBase('a')).toBeUndefined();
      expect(await store.openKeywordBase('missing')).toBeUndefined();
      await store.writeFiles([makeWrite('a', 'one.md', { chunkCount: 2 })]);
      expect(await store.openKeywordBase('a')).toBeUndefined(); // no base yet
      const merged = (await store.loadKeywords('a')).segments.map((segment) => segment.sequence);
      const base = Uint8Array.from({ length: 40 }, (_, at) => at * 3);
      const parts = [base.subarray(0, 7), base.subarray(7)];
      await store.replaceKeywordBase('a', { base: parts, generation: 0, merged });
      const reader = (await store.openKeywordBase('a'))!;
      expect(reader).toMatchObject({ chunkCount: 2, generation: 1, size: 40 });
      if (reader.held) expect(reader.held).toEqual(base); // held whole, for views
      const middle = (await reader.read(5, 29))!;
      expect(middle).toEqual(base.slice(5, 29));
      expect(middle.byteOffset).toBe(0); // a buffer of its own, for views of 32-bit numbers
      middle.fill(0);
      expect(await reader.read(0, 40)).toEqual(base);

      await store.replaceKeywordBase('a', { base: [new Uint8Array(8)], generation: 1, merged: [] });
      expect(await reader.read(36, 40)).toEqual(base.slice(36));
      if (reader.held) expect(reader.held).toEqual(base); // its own: the merge leaves it
      expect((await store.openKeywordBase('a'))!).toMatchObject({ generation: 2, size: 8 });
      await store.writeFiles([makeWrite('a', 'two.md')]);
      expect(await store.openKeywordBase('a')).toBeUndefined(); // a segment waits to be merged
    });

    it('drops the keyword index with its collection', async () => {
      await store.writeFiles([makeWrite('a', 'one.md')]);
      const merged = (await store.loadKeywords('a')).segments.map((segment) => segment.sequence);
      await store.replaceKeywordBase('a', { base: [new Uint8Array(4)], generation: 0, merged });
      await store.writeFiles([makeWrite('a', 'two.md')]);
      await store.deleteCollection('a');
      await store.putCollection(makeCollection('a'));
      expect(await store.loadKeywords('a')).toEqual({
        chunkCount: 0,
        generation: 0,
        segments: [],
      });
      expect(await store.loadKeywordState('a')).toEqual({
        chunkCount: 0,
        generation: 0,
        sequences: [],
      });
    });
  });
}
