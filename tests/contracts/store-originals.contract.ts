import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/core/ports/store.ts';
import { makeCollection, makeWrite } from './store-fixtures.ts';

/** `count` bytes starting at `first`, so two originals differ. */
function bytes(count: number, first = 0): Uint8Array {
  return Uint8Array.from({ length: count }, (_, index) => (first + index) % 256);
}

/** The originals kept with files (`FileWrite.original`, `Store.getOriginal`) on every adapter. */
export function describeOriginalsContract(name: string, createStore: () => Promise<Store>): void {
  describe(`Store contract, kept originals: ${name}`, () => {
    let store: Store;

    beforeEach(async () => {
      store = await createStore();
      await store.putCollection(makeCollection('a'));
      await store.putCollection(makeCollection('b'));
    });

    it('keeps an indexed file’s original and hands out copies', async () => {
      const original = bytes(300);
      await store.writeFiles([{ ...makeWrite('a', 'report.pdf'), original }]);
      original.fill(0);
      const read = await store.getOriginal('a/report.pdf');
      expect(read).toEqual(bytes(300));
      read?.fill(0);
      expect(await store.getOriginal('a/report.pdf')).toEqual(bytes(300));
      expect(await store.getOriginal('a/missing.pdf')).toBeUndefined();
    });

    it('keeps only the bytes of a view, not the rest of its buffer', async () => {
      const view = bytes(100).subarray(10, 30);
      await store.writeFiles([{ ...makeWrite('a', 'report.pdf'), original: view }]);
      const read = await store.getOriginal('a/report.pdf');
      expect(read?.byteLength).toBe(20);
      expect(read).toEqual(bytes(20, 10));
    });

    it('replaces the original with the file and drops it when a write has none', async () => {
      await store.writeFiles([{ ...makeWrite('a', 'report.pdf'), original: bytes(50) }]);
      await store.writeFiles([
        {
          ...makeWrite('a', 'report.pdf', { seed: 1 }),
          original: bytes(8, 7),
        },
      ]);
      expect(await store.getOriginal('a/report.pdf')).toEqual(bytes(8, 7));
      const written = makeWrite('a', 'report.pdf', { seed: 2 });
      await store.updateFile({ ...written.file, mtime: 99 });
      expect(await store.getOriginal('a/report.pdf')).toEqual(bytes(8, 7));
      await store.writeFiles([written]);
      expect(await store.getOriginal('a/report.pdf')).toBeUndefined();
    });

    it('refuses an original for a file that is not indexed, changing nothing', async () => {
      await store.writeFiles([{ ...makeWrite('a', 'report.pdf'), original: bytes(50) }]);
      const skipped = makeWrite('a', 'report.pdf', { status: 'failed' });
      await expect(store.writeFiles([{ ...skipped, original: bytes(5) }])).rejects.toThrow();
      const wrongWidth = makeWrite('a', 'report.pdf', { seed: 1 });
      await expect(
        store.writeFiles([
          {
            ...wrongWidth,
            vectors: wrongWidth.vectors.subarray(1),
            original: bytes(5),
          },
        ]),
      ).rejects.toThrow(expect.objectContaining({ name: 'DimensionMismatchError' }));
      expect(await store.getOriginal('a/report.pdf')).toEqual(bytes(50));
      expect((await store.listFiles('a'))[0]?.status).toBe('indexed');
    });

    it('removes originals with their files and with their collection', async () => {
      await store.writeFiles([{ ...makeWrite('a', 'one.pdf'), original: bytes(10) }]);
      await store.writeFiles([{ ...makeWrite('a', 'two.pdf'), original: bytes(20) }]);
      await store.writeFiles([{ ...makeWrite('b', 'one.pdf'), original: bytes(30) }]);
      await store.deleteFiles('a', ['a/one.pdf', 'b/one.pdf']);
      expect(await store.getOriginal('a/one.pdf')).toBeUndefined();
      expect(await store.getOriginal('a/two.pdf')).toEqual(bytes(20));
      expect(await store.getOriginal('b/one.pdf')).toEqual(bytes(30));
      await store.deleteCollection('a');
      expect(await store.getOriginal('a/two.pdf')).toBeUndefined();
      expect(await store.getOriginal('b/one.pdf')).toEqual(bytes(30));
    });
  });
}
