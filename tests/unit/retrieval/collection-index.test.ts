import { describe, expect, it } from 'vitest';
import { ExactIndex } from '../../../src/adapters/vector/exact-index.ts';
import { Bm25Index } from '../../../src/core/retrieval/bm25.ts';
import { CollectionIndex } from '../../../src/core/retrieval/collection-index.ts';

describe('CollectionIndex', () => {
  const texts = new Map([
    ['notes#0', 'The lake froze early this winter'],
    ['trips#0', 'A walk around the lake'],
    ['notes#1', 'Ice on the lake was thick'],
    ['recipes#0', 'Lemon cake with icing'],
  ]);
  /** A collection as loaded from the store: both indexes hold the chunks, filed by no file yet. */
  const restored = () => {
    const built = new Bm25Index();
    built.add([...texts].map(([id, text]) => ({ id, text })));
    const vectors = new ExactIndex(2);
    vectors.add([...texts.keys()], new Float32Array([1, 0, 0, 1, 1, 1, 0.5, 0.5]));
    const lexical = Bm25Index.fromBase(built.toBase());
    // Stored ids come in batches that need not follow files.
    return new CollectionIndex('c', vectors, lexical, [
      ['notes#0', 'trips#0'],
      ['notes#1', 'recipes#0'],
    ]);
  };

  it('prepares its first change in slices, then changes as a collection unprepared', async () => {
    const [prepared, plain] = [restored(), restored()];
    let pauses = 0;
    await prepared!.prepareChanges(async () => {
      pauses += 1;
    });
    expect(pauses).toBeGreaterThan(0);
    for (const index of [prepared!, plain!]) index.removeFile('notes');
    expect(prepared!.size).toBe(2);
    expect(prepared!.lexical.search('lake', 5)).toEqual(plain!.lexical.search('lake', 5));
    expect(prepared!.lexical.search('lake', 5).map((hit) => hit.id)).toEqual(['trips#0']);
    const dense = await prepared!.vectors.search(new Float32Array([1, 0]), 5);
    expect(dense.map((hit) => hit.id).sort()).toEqual(['recipes#0', 'trips#0']);
  });

  it('files the stored ids in steps, each once, even when a change comes between two', async () => {
    // 1,000 files of 20 chunks, restored as one batch of 20,000 ids.
    const ids = Array.from(
      { length: 20_000 },
      (_, chunk) => `f${Math.floor(chunk / 20)}#${chunk % 20}`,
    );
    const lexical = new Bm25Index();
    lexical.add(ids.map((id) => ({ id, text: 'a note' })));
    const vectors = new ExactIndex(2);
    vectors.add(ids, new Float32Array(ids.length * 2).fill(0.5));
    // The keyword index's own pauses come first (counted on a twin); then one per 16,384 ids.
    let keywordPauses = 0;
    await Bm25Index.fromBase(lexical.toBase()).prepareChanges(async () => {
      keywordPauses += 1;
    });
    const index = new CollectionIndex('c', vectors, Bm25Index.fromBase(lexical.toBase()), [ids]);
    let steps = 0;
    await index.prepareChanges(async () => {
      steps += 1;
      // After the first step of filing: f999's ids come in the second.
      if (steps === keywordPauses + 1) index.removeFile('f999');
    });
    expect(steps).toBe(keywordPauses + 1);
    expect(index.size).toBe(20_000 - 20);
    index.removeFile('f0');
    index.removeFile('f500');
    expect([index.size, vectors.size]).toEqual([20_000 - 60, 20_000 - 60]);
    index.removeFile('f500');
    expect(index.size).toBe(20_000 - 60);
  });
});
