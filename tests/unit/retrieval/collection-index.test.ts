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
});
