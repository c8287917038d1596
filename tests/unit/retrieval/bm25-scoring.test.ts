import { describe, expect, it } from 'vitest';
import { Bm25Scorer, type ScoredDocuments } from '../../../src/core/retrieval/bm25-scoring.ts';
import { Bm25Index } from '../../../src/core/retrieval/bm25.ts';
import {
  LARGE_FREQUENCY,
  LargeFrequencies,
  pairFrequency,
  pairId,
} from '../../../src/core/retrieval/packed-pairs.ts';
import { PostingLists } from '../../../src/core/retrieval/postings.ts';
import { seededRandom } from '../../../src/core/retrieval/vector-math.ts';

/**
 * Three documents over two terms: `a` holds term 0 twice, `b` both terms once, `c` term 1 300
 * times (a frequency too large to pack, kept beside the lists).
 */
function documents(version: number, lengths = [4, 2, 6]): ScoredDocuments {
  const postings = new PostingLists();
  const sun = postings.idOf('sun');
  const rain = postings.idOf('rain');
  postings.append(sun, 0, 2);
  postings.append(sun, 1, 1);
  postings.append(rain, 1, 1);
  postings.append(rain, 2, LARGE_FREQUENCY);
  const largeFrequencies = new LargeFrequencies();
  largeFrequencies.set(rain, 2, 300);
  const live = lengths.filter((length) => length >= 0);
  return {
    postings,
    largeFrequencies,
    ids: ['a', 'b', 'c'],
    lengths,
    averageLength: live.reduce((sum, length) => sum + length, 0) / live.length,
    k1: 1.2,
    b: 0.75,
    version,
  };
}

/** BM25 summed term after term in the query's order, as the scorer must. */
function reference(
  scored: ScoredDocuments,
  query: readonly { termId: number; idf: number }[],
): Map<string, number> {
  const scores = new Map<string, number>();
  for (const { termId, idf } of query) {
    const { pairs, end } = scored.postings.list(termId);
    for (const packed of pairs.subarray(0, end)) {
      const slot = pairId(packed);
      const length = scored.lengths[slot]!;
      if (length < 0) continue;
      const frequency =
        pairFrequency(packed) === LARGE_FREQUENCY
          ? scored.largeFrequencies.get(termId, slot)
          : pairFrequency(packed);
      const norm = scored.k1 * (1 - scored.b + (scored.b * length) / scored.averageLength);
      const id = scored.ids[slot]!;
      scores.set(
        id,
        (scores.get(id) ?? 0) + (idf * frequency * (scored.k1 + 1)) / (frequency + norm),
      );
    }
  }
  return scores;
}

describe('Bm25Scorer', () => {
  const query = [
    { termId: 1, idf: 0.7 },
    { termId: 0, idf: 1.3 },
  ];

  it('scores every document holding a query term as the lists sum it, to the bit, best first', () => {
    const scored = documents(1);
    const hits = new Bm25Scorer().top(scored, query, 10);
    const expected = reference(scored, query);
    expect(hits.map((hit) => hit.id)).toEqual(
      [...expected].sort((left, right) => right[1] - left[1]).map(([id]) => id),
    );
    for (const hit of hits) expect(hit.score).toBe(expected.get(hit.id));
  });

  it('keeps the best k and leaves its accumulators clean for the next search', () => {
    const scorer = new Bm25Scorer();
    const scored = documents(1);
    const all = scorer.top(scored, query, 10);
    expect(scorer.top(scored, query, 1)).toEqual(all.slice(0, 1));
    expect(scorer.top(scored, query, 10)).toEqual(all);
    expect(scorer.top(scored, [{ termId: 0, idf: 1 }], 10).map((hit) => hit.id)).toEqual([
      'a',
      'b',
    ]);
  });

  it('computes the length norms again when the version changes, and skips removed documents', () => {
    const scorer = new Bm25Scorer();
    scorer.top(documents(1), query, 10);
    const changed = documents(2, [4, -1, 20]);
    const hits = scorer.top(changed, query, 10);
    expect(hits.map((hit) => hit.id).sort()).toEqual(['a', 'c']);
    const expected = reference(changed, query);
    for (const hit of hits) expect(hit.score).toBe(expected.get(hit.id));
  });
});

/**
 * `count` documents over `termCount` terms of falling frequency (a few in most documents, most in
 * few), some documents repeated (ties), some removed, a few frequencies too large to pack.
 */
function randomDocuments(seed: number, count: number, termCount: number): ScoredDocuments {
  const random = seededRandom(seed);
  const postings = new PostingLists();
  const largeFrequencies = new LargeFrequencies();
  const terms = Array.from({ length: termCount }, (_, term) => postings.idOf(`t${term}`));
  const ids: string[] = [];
  const lengths: number[] = [];
  let previous: { termId: number; frequency: number }[] = [];
  for (let slot = 0; slot < count; slot += 1) {
    const held =
      slot > 0 && random() < 0.1
        ? previous
        : terms.flatMap((termId, rank) =>
            random() < 0.6 / (rank + 1)
              ? [{ termId, frequency: 1 + Math.floor(random() * 4) }]
              : [],
          );
    if (random() < 0.01 && held.length > 0) held[0] = { ...held[0]!, frequency: 400 };
    for (const { termId, frequency } of held) {
      postings.append(termId, slot, frequency);
      if (frequency >= LARGE_FREQUENCY) largeFrequencies.set(termId, slot, frequency);
    }
    previous = held;
    ids.push(`d${String(slot).padStart(5, '0')}`);
    lengths.push(random() < 0.05 ? -1 : held.reduce((sum, { frequency }) => sum + frequency, 0));
  }
  const live = lengths.filter((length) => length >= 0);
  return {
    postings,
    largeFrequencies,
    ids,
    lengths,
    averageLength: live.reduce((sum, length) => sum + length, 0) / live.length,
    k1: 1.2,
    b: 0.75,
    version: seed,
  };
}

/** The best `k` of `reference`'s scores, ties broken by id. */
function referenceTop(scores: Map<string, number>, k: number): { id: string; score: number }[] {
  return [...scores]
    .map(([id, score]) => ({ id, score }))
    .sort((left, right) => right.score - left.score || (left.id < right.id ? -1 : 1))
    .slice(0, k);
}

describe('Bm25Scorer against every list summed whole', () => {
  it('ranks and scores the best k the same, to the bit, however few lists it walks', () => {
    const scorer = new Bm25Scorer();
    for (let seed = 1; seed <= 12; seed += 1) {
      const scored = randomDocuments(seed, 3000, 40);
      const random = seededRandom(seed * 7919);
      for (let search = 0; search < 20; search += 1) {
        const query = Array.from({ length: 1 + Math.floor(random() * 25) }, () => ({
          termId: Math.floor(random() * 40),
          idf: random() < 0.5 ? 1 + random() * 6 : random(),
        }));
        for (const k of [1, 10, 50, 5000]) {
          expect(scorer.top(scored, query, k)).toEqual(referenceTop(reference(scored, query), k));
        }
      }
    }
  });

  it('gives documents of the same score in the order of their ids, at the edge of the best k', () => {
    const postings = new PostingLists();
    const rare = postings.idOf('rare');
    const common = postings.idOf('common');
    for (let slot = 0; slot < 200; slot += 1) postings.append(common, slot, 1);
    postings.append(rare, 199, 1);
    const scored: ScoredDocuments = {
      postings,
      largeFrequencies: new LargeFrequencies(),
      ids: Array.from({ length: 200 }, (_, slot) => `d${String(199 - slot).padStart(3, '0')}`),
      lengths: Array.from({ length: 200 }, () => 3),
      averageLength: 3,
      k1: 1.2,
      b: 0.75,
      version: 1,
    };
    const query = [
      { termId: common, idf: 0.5 },
      { termId: rare, idf: 4 },
    ];
    const hits = new Bm25Scorer().top(scored, query, 5);
    expect(hits.map((hit) => hit.id)).toEqual(['d000', 'd001', 'd002', 'd003', 'd004']);
    expect(hits).toEqual(referenceTop(reference(scored, query), 5));
  });
});

describe('Bm25Index scoring', () => {
  const texts = [
    'Glaciers of the northern range retreat each summer.',
    'The northern lights were seen over the range.',
    'Summer glaciers melt into the valley river.',
    'River valleys of the range flood in spring.',
  ];

  it('ranks after adds and removes exactly as an index built from the documents left', () => {
    const index = new Bm25Index();
    index.add(texts.map((text, position) => ({ id: `d${position}`, text })));
    index.search('northern range glaciers', 10);
    index.remove(['d1']);
    index.add([{ id: 'd4', text: 'A range of glaciers north of the river.' }]);
    const fresh = new Bm25Index();
    fresh.add([
      ...texts.map((text, position) => ({ id: `d${position}`, text })).filter((_, at) => at !== 1),
      { id: 'd4', text: 'A range of glaciers north of the river.' },
    ]);
    for (const query of ['northern range glaciers', 'river valley summer', 'range']) {
      expect(index.search(query, 10)).toEqual(fresh.search(query, 10));
    }
  });

  it('leaves out query terms of no weight', () => {
    const index = new Bm25Index();
    index.add(texts.map((text, position) => ({ id: `d${position}`, text })));
    expect(index.searchTerms(new Map([['glacier', 0]]), 10)).toEqual([]);
    expect(index.searchTerms(new Map([['glacier', 1]]), 10).length).toBeGreaterThan(0);
  });
});
