import { describe, expect, it } from 'vitest';
import { ExactIndex } from '../../../src/adapters/vector/exact-index.ts';
import { Bm25Index } from '../../../src/core/retrieval/bm25.ts';
import { CollectionIndex } from '../../../src/core/retrieval/collection-index.ts';
import { searchIndexes } from '../../../src/core/retrieval/hybrid-search.ts';
import type { Chunk } from '../../../src/core/types.ts';

const DIM = 4;

/** Every chunk the collections below hold, as their store would read them. */
const stored = new Map<string, Chunk>();
const readChunks = async (ids: readonly string[]) => ids.map((id) => stored.get(id));

/** A collection whose files each hold one chunk; `axis` sets each chunk's one-hot vector. */
function collection(id: string, files: [name: string, text: string, axis: number][], dim = DIM) {
  const index = new CollectionIndex(id, new ExactIndex(dim), new Bm25Index());
  for (const [name, text, axis] of files) {
    const fileId = `${id}/${name}`;
    const chunk: Chunk = {
      id: `${fileId}#0`,
      collectionId: id,
      fileId,
      path: name,
      ordinal: 0,
      text,
      start: 0,
      end: text.length,
      headingPath: [],
    };
    const vector = new Float32Array(dim);
    vector[axis] = 1;
    stored.set(chunk.id, chunk);
    index.putFile(fileId, [chunk], vector);
  }
  return index;
}

const films = collection('films', [
  ['heron.md', 'The Grey Heron is a 1971 film directed by Mara Okonkwo.', 0],
  ['okonkwo.md', 'Mara Okonkwo was born in Lagos and studied in Paris.', 1],
  ['other.md', 'A documentary about rivers in winter.', 2],
]);
const recipes = collection('recipes', [
  ['soup.md', 'A film of oil on the soup; directed heat from below.', 3],
  ['bread.md', 'Bread needs flour, water, salt and time.', 3],
]);

describe('searchIndexes', () => {
  it('merges keyword rankings across collections by score', async () => {
    const hits = await searchIndexes([recipes, films], {
      readChunks,
      text: 'film directed Grey Heron',
      mode: 'bm25',
      k: 3,
    });
    expect(hits[0]).toMatchObject({ id: 'films/heron.md#0', collectionId: 'films' });
    expect(hits.map((hit) => hit.collectionId)).toContain('recipes');
  });

  it('expands the query with terms of the best hit to reach the next hop', async () => {
    const request = {
      text: 'Which city is the director of The Grey Heron from?',
      k: 2,
      readChunks,
    };
    const keywordOnly = await searchIndexes([films], { ...request, mode: 'bm25' });
    const hybrid = await searchIndexes([films], {
      ...request,
      mode: 'hybrid',
      vectorFor: () => Float32Array.from([1, 0, 0, 0]),
    });
    expect(hybrid.map((hit) => hit.id)).toEqual(['films/heron.md#0', 'films/okonkwo.md#0']);
    expect(keywordOnly.map((hit) => hit.id)).not.toContain('films/okonkwo.md#0');
  });

  it('ranks by vectors alone in dense mode and reports both ranks in hybrid', async () => {
    const vector = Float32Array.from([0, 0, 1, 0]);
    const vectorFor = () => vector;
    const [dense] = await searchIndexes([films], {
      readChunks,
      text: 'unused',
      vectorFor,
      mode: 'dense',
      k: 1,
    });
    expect(dense?.id).toBe('films/other.md#0');
    const [hybrid] = await searchIndexes([films], {
      readChunks,
      text: 'rivers',
      vectorFor,
      mode: 'hybrid',
      k: 1,
    });
    expect(hybrid).toMatchObject({ id: 'films/other.md#0', lexicalRank: 1, denseRank: 1 });
  });

  it('combines the dense rankings of collections of different models by rank, not score', async () => {
    const wide = collection(
      'wide',
      [
        ['a.md', 'alpha', 0],
        ['b.md', 'beta', 1],
      ],
      6,
    );
    const queries = new Map([
      ['wide', Float32Array.from([0.9, 0.85, 0, 0, 0, 0])],
      ['films', Float32Array.from([0.5, 0, 0, 0])],
    ]);
    const hits = await searchIndexes([wide, films], {
      readChunks,
      text: 'unused',
      vectorFor: (collectionId) => queries.get(collectionId),
      mode: 'dense',
      k: 2,
    });
    // By raw score, wide's second hit (0.85) would outrank films' first (0.5).
    expect(hits.map((hit) => hit.id).sort()).toEqual(['films/heron.md#0', 'wide/a.md#0']);
  });

  it('names the likely results once the keyword rankings are known, ranking the same', async () => {
    const request = {
      text: 'Which city is the director of The Grey Heron from?',
      k: 2,
      readChunks,
    };
    const vectorFor = () => Float32Array.from([0, 0, 1, 0]);
    const told: string[][] = [];
    const hits = await searchIndexes([films], {
      ...request,
      mode: 'hybrid',
      vectorFor,
      onLikelyResults: (ids) => told.push([...ids]),
    });
    expect(hits).toEqual(await searchIndexes([films], { ...request, mode: 'hybrid', vectorFor }));
    // The keyword list's best 2 first, then its expansion's (okonkwo.md, the next hop); the
    // dense list's best is not known yet (other.md, which only the vector finds).
    const keywordBest = (await searchIndexes([films], { ...request, mode: 'bm25' })).map(
      (hit) => hit.id,
    );
    expect(told).toHaveLength(2);
    expect(told[0]).toEqual(keywordBest);
    expect(told[1]).toContain('films/okonkwo.md#0');
    expect(told[1]!.length).toBeLessThanOrEqual(request.k);
    expect(told.flat()).not.toContain('films/other.md#0');
    for (const mode of ['bm25', 'dense'] as const) {
      await searchIndexes([films], {
        ...request,
        mode,
        vectorFor,
        onLikelyResults: () => told.push([]),
      });
    }
    expect(told).toHaveLength(2);
  });

  it('forgets a removed file', async () => {
    const index = collection('c', [['a.md', 'alpha beta', 0]]);
    index.removeFile('c/a.md');
    expect(index.size).toBe(0);
    expect(await searchIndexes([index], { text: 'alpha', mode: 'bm25', k: 5, readChunks })).toEqual(
      [],
    );
  });
});
