import { describe, expect, it, vi } from 'vitest';
import { MemoryStore } from '../../../src/adapters/store/memory-store.ts';
import { Bm25Index } from '../../../src/core/retrieval/bm25.ts';
import { chunkKeywords } from '../../../src/core/retrieval/keyword-segment.ts';
import { encodeBaseParts, isCurrentBase } from '../../../src/core/retrieval/keyword-base-format.ts';
import { encodeSegment, joinBytes } from '../../../src/core/retrieval/keyword-segment-format.ts';
import {
  mergeKeywordIndex,
  openKeywordIndex,
  restoreKeywords,
} from '../../../src/core/retrieval/stored-keyword-index.ts';
import type { FileWrite } from '../../../src/core/ports/store.ts';
import type { LexicalIndex } from '../../../src/core/ports/lexical-index.ts';
import { analyze } from '../../../src/core/retrieval/text-analysis.ts';
import { makeCollection, makeWrite } from '../../contracts/store-fixtures.ts';
import { format4Bytes } from '../../support/legacy-keyword-bytes.ts';

const QUERIES = ['text section', 'title of one', 'Section 1 two.md', 'nothing here'];
const noPause = async () => undefined;

/** A write whose chunks say `words`, so files differ in their terms. */
function writeOf(path: string, words: string, chunkCount = 2): FileWrite {
  const write = makeWrite('a', path, { chunkCount });
  const chunks = write.chunks.map((chunk) => ({ ...chunk, text: `${words} ${chunk.text}` }));
  return { ...write, chunks, keywords: encodeSegment(chunkKeywords(chunks)) };
}

/** The index built by tokenising what the store holds now: what loading must match. */
async function tokenised(store: MemoryStore): Promise<Bm25Index> {
  const index = new Bm25Index();
  index.add(
    (await store.listChunks('a')).map((chunk) => ({
      id: chunk.id,
      text: `${chunk.headingPath.join(' / ')}\n${chunk.text}`,
    })),
  );
  return index;
}

async function expectSameAnswers(loaded: LexicalIndex, store: MemoryStore): Promise<void> {
  const expected = await tokenised(store);
  expect(loaded.size).toBe(expected.size);
  for (const query of QUERIES) {
    await loaded.loadTerms(analyze(query));
    expect(loaded.search(query, 10)).toEqual(expected.search(query, 10));
  }
  const best = expected.search(QUERIES[0]!, 1).map((hit) => hit.id);
  const feedback = chunkKeywords((await store.getChunks(best)).filter((chunk) => !!chunk));
  const expanded = loaded.expandQuery(QUERIES[0]!, feedback);
  expect(expanded).toEqual(expected.expandQuery(QUERIES[0]!, feedback));
  await loaded.loadTerms(expanded.keys());
  expect(loaded.searchTerms(expanded, 10)).toEqual(expected.searchTerms(expanded, 10));
}

async function libraryStore(): Promise<MemoryStore> {
  const store = new MemoryStore();
  await store.putCollection(makeCollection('a'));
  return store;
}

describe('the stored keyword index', () => {
  it('loads written, replaced and deleted files without tokenising, then merges them', async () => {
    const store = await libraryStore();
    await store.writeFiles([writeOf('one.md', 'lake station')]);
    await store.writeFiles([writeOf('two.md', 'mountain railway', 3)]);
    await store.writeFiles([writeOf('three.md', 'river station')]);
    await expectSameAnswers(await openKeywordIndex(store, 'a', noPause), store);
    expect(await store.loadKeywords('a')).toMatchObject({ generation: 1, segments: [] });

    await store.writeFiles([writeOf('two.md', 'harbour ferry', 1)]);
    await store.deleteFiles('a', ['a/three.md']);
    await store.writeFiles([makeWrite('a', 'four.md', { status: 'skipped' })]);
    const stored = await store.loadKeywords('a');
    expect(stored.segments.map((segment) => segment.fileId)).toEqual([
      'a/two.md',
      'a/three.md',
      'a/four.md',
    ]);
    await expectSameAnswers(restoreKeywords(stored)!, store);
    await expectSameAnswers(await openKeywordIndex(store, 'a', noPause), store);
    expect(await store.loadKeywords('a')).toMatchObject({ generation: 2, segments: [] });
    await expectSameAnswers(restoreKeywords(await store.loadKeywords('a'))!, store);
  });

  it('rebuilds from the chunks once when nothing is stored or the bytes are damaged', async () => {
    const store = await libraryStore();
    await store.writeFiles([writeOf('one.md', 'lake station')]);
    await store.writeFiles([writeOf('two.md', 'mountain railway')]);
    const stored = await store.loadKeywords('a');
    expect(restoreKeywords({ ...stored, segments: [] })).toBeUndefined();
    const damaged = { ...stored, base: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]) };
    expect(restoreKeywords(damaged)).toBeUndefined();

    await store.replaceKeywordBase('a', {
      base: [new Uint8Array(40).fill(9)],
      generation: 0,
      merged: stored.segments.map((segment) => segment.sequence),
    });
    await expectSameAnswers(await openKeywordIndex(store, 'a', noPause), store);
    expect(await store.loadKeywords('a')).toMatchObject({ generation: 2, segments: [] });
    expect(restoreKeywords(await store.loadKeywords('a'))).toBeDefined();
  });

  it('keeps a write made while a merge ran, and lets only one of two merges win', async () => {
    const store = await libraryStore();
    await store.writeFiles([writeOf('one.md', 'lake station')]);
    const read = await store.loadKeywords('a');
    await store.writeFiles([writeOf('one.md', 'glacier valley')]);
    const base = joinBytes(encodeBaseParts(restoreKeywords(read)!.toBase()));
    const merged = read.segments.map((segment) => segment.sequence);
    expect(await store.replaceKeywordBase('a', { base: [base], generation: 0, merged })).toBe(true);
    expect(await store.replaceKeywordBase('a', { base: [base], generation: 0, merged })).toBe(
      false,
    );
    const loaded = restoreKeywords(await store.loadKeywords('a'))!;
    await expectSameAnswers(loaded, store);
    expect(loaded.search('glacier', 5)).toHaveLength(2);
    expect(loaded.search('lake', 5)).toEqual([]);
  });

  it.each([
    ['a segment (format 3)', encodeSegment],
    ['a segment and its lists (format 4)', format4Bytes],
  ])(
    'stores its base in the current format, and rewrites a base stored as %s once',
    async (_, encodeOld) => {
      const store = await libraryStore();
      await store.writeFiles([writeOf('one.md', 'lake station')]);
      await store.writeFiles([writeOf('two.md', 'mountain railway')]);
      await openKeywordIndex(store, 'a', noPause);
      const merged = await store.loadKeywords('a');
      expect(isCurrentBase(merged.base!)).toBe(true);

      const old = encodeOld(chunkKeywords(await store.listChunks('a')));
      expect(isCurrentBase(old)).toBe(false);
      await store.replaceKeywordBase('a', { base: [old], generation: 1, merged: [] });
      await expectSameAnswers(await openKeywordIndex(store, 'a', noPause), store);
      const upgraded = await store.loadKeywords('a');
      expect(upgraded).toMatchObject({ generation: 3, segments: [] });
      expect(isCurrentBase(upgraded.base!)).toBe(true);
      await expectSameAnswers(await openKeywordIndex(store, 'a', noPause), store);
      expect((await store.loadKeywords('a')).generation).toBe(3);
    },
  );

  it('merges from the live index without reading stored bytes when it holds the collection', async () => {
    const store = await libraryStore();
    await store.writeFiles([writeOf('one.md', 'lake station')]);
    await openKeywordIndex(store, 'a', noPause);
    const live = await openKeywordIndex(store, 'a', noPause);
    const two = writeOf('two.md', 'mountain railway', 3);
    await store.writeFiles([two]);
    await live.prepareChanges(noPause); // as a sync does: a load's lists are all in first
    live.addSegment(chunkKeywords(two.chunks));
    const loadKeywords = vi.spyOn(store, 'loadKeywords');

    await mergeKeywordIndex(store, 'a', noPause, live);
    expect(loadKeywords).not.toHaveBeenCalled();
    loadKeywords.mockRestore();
    const merged = await store.loadKeywords('a');
    expect(merged).toMatchObject({ generation: 2, segments: [] });
    expect(isCurrentBase(merged.base!)).toBe(true);
    await expectSameAnswers(restoreKeywords(merged)!, store);
  });

  it('merges from the store when the live index does not hold exactly the collection', async () => {
    const store = await libraryStore();
    await store.writeFiles([writeOf('one.md', 'lake station')]);
    const behind = await openKeywordIndex(store, 'a', noPause);
    await store.writeFiles([writeOf('two.md', 'mountain railway')]);

    await mergeKeywordIndex(store, 'a', noPause, behind);
    const merged = await store.loadKeywords('a');
    expect(merged).toMatchObject({ generation: 2, segments: [] });
    await expectSameAnswers(restoreKeywords(merged)!, store);
    await mergeKeywordIndex(store, 'a', noPause);
    expect(await store.loadKeywords('a')).toMatchObject({ generation: 2, segments: [] });
  });
});
