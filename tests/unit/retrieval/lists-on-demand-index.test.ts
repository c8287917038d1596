import { describe, expect, it, vi } from 'vitest';
import { MemoryStore } from '../../../src/adapters/store/memory-store.ts';
import type { KeywordBaseReader, Store } from '../../../src/core/ports/store.ts';
import { Bm25Index } from '../../../src/core/retrieval/bm25.ts';
import { BASE_HEADER_BYTES, baseLayout } from '../../../src/core/retrieval/keyword-base-format.ts';
import { chunkKeywords } from '../../../src/core/retrieval/keyword-segment.ts';
import { encodeSegment } from '../../../src/core/retrieval/keyword-segment-format.ts';
import {
  ListsOnDemandIndex,
  SEARCH_PAUSE_MS,
} from '../../../src/core/retrieval/lists-on-demand-index.ts';
import { openKeywordIndex } from '../../../src/core/retrieval/stored-keyword-index.ts';
import type { StoredLists } from '../../../src/core/retrieval/pending-lists.ts';
import { readBehindPauses } from '../../../src/core/retrieval/stored-keyword-lists.ts';
import { analyze } from '../../../src/core/retrieval/text-analysis.ts';
import { makeCollection, makeWrite } from '../../contracts/store-fixtures.ts';

const noPause = async () => undefined;
const QUERIES = ['lake station', 'mountain railway', 'harbour', 'nothing here'];

/** A store of collection `a` whose keyword base is merged, and its chunks' texts by file. */
async function mergedStore(): Promise<MemoryStore> {
  const store = new MemoryStore();
  await store.putCollection(makeCollection('a'));
  const files = [
    ['one.md', 'lake station lake lake'],
    ['two.md', 'mountain railway station'],
    ['three.md', 'harbour ferry lake'],
  ] as const;
  for (const [path, words] of files) {
    const write = makeWrite('a', path, { chunkCount: 3 });
    // One word many times over: a frequency too large to pack, kept beside the pairs.
    const chunks = write.chunks.map((chunk, at) => ({
      ...chunk,
      text: `${words} ${'lake '.repeat(at === 0 ? 300 : 1)}${chunk.text}`,
    }));
    await store.writeFiles([{ ...write, chunks, keywords: encodeSegment(chunkKeywords(chunks)) }]);
  }
  await openKeywordIndex(store, 'a', noPause); // merges the segments into a base
  return store;
}

/** The index built by tokenising the store's chunks: what every load must answer as. */
async function tokenised(store: Store): Promise<Bm25Index> {
  const index = new Bm25Index();
  const chunks = await store.listChunks('a');
  index.add(
    chunks.map((chunk) => ({
      id: chunk.id,
      text: `${chunk.headingPath.join(' / ')}\n${chunk.text}`,
    })),
  );
  return index;
}

/**
 * `store`, its base read by range as IndexedDB reads it (not held in memory), its reads counted,
 * the read of all its lists held back until `release`; `damage` changes every read of lists.
 */
async function watchedReads(store: MemoryStore, damage?: (bytes: Uint8Array) => void) {
  const stored = (await store.loadKeywords('a')).base!;
  const { pairsStart, pairsEnd } = baseLayout(
    stored.subarray(0, BASE_HEADER_BYTES),
    stored.length,
  )!;
  const reads: [number, number][] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const openKeywordBase = async (collectionId: string): Promise<KeywordBaseReader | undefined> => {
    const reader = await store.openKeywordBase(collectionId);
    if (!reader) return undefined;
    return {
      ...reader,
      held: undefined,
      async read(start, end) {
        reads.push([start, end]);
        if (start === pairsStart && end === pairsEnd) await held;
        const bytes = await reader.read(start, end);
        if (bytes && start >= pairsStart && end <= pairsEnd) damage?.(bytes);
        return bytes;
      },
    };
  };
  const watched = new Proxy(store, {
    get: (target, key) =>
      key === 'openKeywordBase' ? openKeywordBase : Reflect.get(target, key, target),
  });
  return { store: watched, reads, release };
}

describe('a keyword index loaded from its vocabulary first', () => {
  it('searches with the lists of the query read one by one, before the rest are in', async () => {
    const base = await mergedStore();
    const { store, reads, release } = await watchedReads(base);
    const index = await openKeywordIndex(store, 'a', noPause);
    expect(index).toBeInstanceOf(ListsOnDemandIndex);
    const onDemand = index as ListsOnDemandIndex;
    const expected = await tokenised(base);
    expect(() => onDemand.search('lake', 5)).toThrow(/loadTerms/);
    const before = reads.length;
    await onDemand.loadTerms(analyze('lake station'));
    expect(reads.length - before).toBe(2); // one read a term; the rest once searching pauses
    expect(onDemand.search('lake station', 10)).toEqual(expected.search('lake station', 10));
    expect(() => onDemand.toBase()).toThrow(/prepareChanges/);
    release();
    await onDemand.prepareChanges(noPause); // every list in
    for (const query of QUERIES) {
      await onDemand.loadTerms(analyze(query));
      expect(onDemand.search(query, 10)).toEqual(expected.search(query, 10));
    }
  });

  it('reads the rest behind once searching pauses, and at once when a change waits', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      const whole = await tokenised(await mergedStore());
      const base = whole.toBase();
      const { byTerm, ...rest } = base;
      const vocabulary = { ...rest, holders: byTerm.holders };
      let completed = 0;
      const lists: StoredLists = {
        read: async (start, end) => byTerm.pairs.slice(start, end),
        async complete(pause) {
          await pause();
          completed += 1;
          return { pairs: byTerm.pairs };
        },
      };
      const index = new ListsOnDemandIndex(vocabulary, lists);
      await index.loadTerms(analyze('lake'));
      await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS - 100);
      await index.loadTerms(analyze('station')); // searching goes on
      await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS - 100);
      expect(completed).toBe(0);
      await vi.advanceTimersByTimeAsync(200);
      expect(completed).toBe(1);
      await index.prepareChanges(noPause);
      const other = new ListsOnDemandIndex(vocabulary, lists);
      await other.loadTerms(analyze('harbour'));
      await other.prepareChanges(noPause); // no pause waited out: the timers stand still
      expect(completed).toBe(2);
      for (const query of QUERIES) {
        await other.loadTerms(analyze(query));
        expect(other.search(query, 10)).toEqual(whole.search(query, 10));
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for pauses in searching only when the rest takes many reads', () => {
    expect(readBehindPauses(3_472_592)).toBe(false); // 50,159 chunks: 2 reads
    expect(readBehindPauses(36_000_000)).toBe(true); // about 500,000 chunks: 18 reads
  });

  it('changes once every list is in, as the whole index does', async () => {
    const base = await mergedStore();
    const { store, release } = await watchedReads(base);
    const index = await openKeywordIndex(store, 'a', noPause);
    const whole = await tokenised(base);
    expect(() => index.remove(['a/one.md#0'])).toThrow(/prepareChanges/);
    const prepared = index.prepareChanges(noPause);
    release();
    await prepared;
    for (const changed of [index, whole]) {
      changed.remove(['a/one.md#0', 'a/three.md#2']);
      changed.add([{ id: 'a/four.md#0', text: 'lake ferry glacier' }]);
    }
    for (const query of [...QUERIES, 'glacier']) {
      await index.loadTerms(analyze(query));
      expect(index.search(query, 10)).toEqual(whole.search(query, 10));
    }
    expect([...index.toBase().ids].sort()).toEqual([...whole.toBase().ids].sort());
  });

  it('builds itself anew from the chunks, and stores that, when a list turns out damaged', async () => {
    const base = await mergedStore();
    const generation = (await base.loadKeywords('a')).generation;
    const flip = (bytes: Uint8Array) => bytes.fill(0xff, 0, Math.min(8, bytes.length));
    const { store, release } = await watchedReads(base, flip);
    const index = await openKeywordIndex(store, 'a', noPause);
    const loaded = index.loadTerms(analyze('lake station'));
    release();
    await loaded;
    const expected = await tokenised(base);
    for (const query of QUERIES) {
      await index.loadTerms(analyze(query));
      expect(index.search(query, 10)).toEqual(expected.search(query, 10));
    }
    expect((await base.loadKeywords('a')).generation).toBe(generation + 1);
  });

  it('views the lists of a base held in memory, copying none, and builds anew if they are damaged', async () => {
    const base = await mergedStore();
    const expected = await tokenised(base);
    const reader = (await base.openKeywordBase('a'))!;
    const { pairsStart } = baseLayout(reader.held!, reader.size)!;
    const reads: number[] = [];
    const store = (damaged: boolean) =>
      new Proxy(base, {
        get: (target, key) =>
          key === 'openKeywordBase'
            ? async () => {
                const held = reader.held!.slice();
                if (damaged) held.fill(0xff, pairsStart, pairsStart + 8);
                const read = async (start: number, end: number) => {
                  reads.push(start);
                  return held.slice(start, end);
                };
                return { ...reader, held, read };
              }
            : Reflect.get(target, key, target),
      });
    const index = await openKeywordIndex(store(false), 'a', noPause);
    for (const query of QUERIES) {
      await index.loadTerms(analyze(query));
      expect(index.search(query, 10)).toEqual(expected.search(query, 10));
    }
    await index.prepareChanges(noPause);
    expect(reads).toEqual([]); // the vocabulary and the lists alike viewed, none read

    const generation = (await base.loadKeywords('a')).generation;
    const damaged = await openKeywordIndex(store(true), 'a', noPause);
    await damaged.prepareChanges(noPause);
    for (const query of QUERIES) {
      await damaged.loadTerms(analyze(query));
      expect(damaged.search(query, 10)).toEqual(expected.search(query, 10));
    }
    expect((await base.loadKeywords('a')).generation).toBe(generation + 1);
  });

  it('is read whole when the base does not hold the collection or its vocabulary is damaged', async () => {
    const base = await mergedStore();
    const bad = new Proxy(base, {
      get: (target, key) =>
        key === 'openKeywordBase'
          ? async (id: string) => ({ ...(await target.openKeywordBase(id))!, chunkCount: 2 })
          : Reflect.get(target, key, target),
    });
    expect(await openKeywordIndex(bad, 'a', noPause)).toBeInstanceOf(Bm25Index);
    const unreadable = new Proxy(base, {
      get: (target, key) =>
        key === 'openKeywordBase'
          ? async (id: string) => ({
              ...(await target.openKeywordBase(id))!,
              held: undefined, // read by range, and those reads fail
              read: async () => undefined,
            })
          : Reflect.get(target, key, target),
    });
    const index = await openKeywordIndex(unreadable, 'a', noPause);
    expect(index).toBeInstanceOf(Bm25Index);
    expect(index.search('harbour', 5)).toEqual((await tokenised(base)).search('harbour', 5));
  });
});
