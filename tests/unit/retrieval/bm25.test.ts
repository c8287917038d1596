import { describe, expect, it } from 'vitest';
import type { KeywordSegment } from '../../../src/core/ports/lexical-index.ts';
import { Bm25Index } from '../../../src/core/retrieval/bm25.ts';
import {
  decodeSegment,
  encodeSegment,
} from '../../../src/core/retrieval/keyword-segment-format.ts';
import { analyze, stem } from '../../../src/core/retrieval/text-analysis.ts';

describe('text analysis', () => {
  it('lower-cases, drops stop words and punctuation', () => {
    expect(analyze('The Station, on the LAKE!')).toEqual(['station', 'lake']);
  });

  it('stems common inflections so forms match', () => {
    expect(stem('stations')).toBe('station');
    expect(stem('studies')).toBe('study');
    expect(stem('founded')).toBe(stem('founding'));
    expect(stem('glass')).toBe('glass');
    expect(stem('1990s')).toBe('1990s');
  });

  it('folds accents, possessives and compatibility forms', () => {
    expect(analyze("Café Zoë's menu")).toEqual(['cafe', 'zoe', 'menu']);
    expect(analyze('naïve Gödel')).toEqual(['naive', 'godel']);
    expect(analyze('Ｆｕｌｌ ﬁle')).toEqual(['full', 'file']);
  });

  it('splits Chinese, Japanese and Korean runs into overlapping character pairs', () => {
    expect(analyze('日本語の文書。東京駅')).toEqual([
      '日本',
      '本語',
      '語の',
      'の文',
      '文書',
      '東京',
      '京駅',
    ]);
    expect(analyze('データ')).toEqual(['デー', 'ータ']);
    expect(analyze('ﾃﾞｰﾀ')).toEqual(['デー', 'ータ']);
    expect(analyze('서울시')).toEqual(['서울', '울시']);
    expect(analyze('iPhoneケース 2024年 中')).toEqual([
      'iphone',
      'ケー',
      'ース',
      '2024',
      '年',
      '中',
    ]);
  });
});

describe('Bm25Index', () => {
  const documents = [
    { id: 'a', text: 'The research station on Lake Varnholm measures ice thickness.' },
    { id: 'b', text: 'A recipe for lemon cake with thick icing.' },
    { id: 'c', text: 'Ice cores from the lake show warm winters.' },
  ];

  it('ranks documents sharing rare query terms first', () => {
    const index = new Bm25Index();
    index.add(documents);
    const hits = index.search('Varnholm station', 3);
    expect(hits[0]?.id).toBe('a');
    expect(hits).toHaveLength(1);
  });

  it('returns nothing for an empty index or query of stop words', () => {
    const index = new Bm25Index();
    expect(index.search('lake', 5)).toEqual([]);
    index.add(documents);
    expect(index.search('the of and', 5)).toEqual([]);
  });

  it('replaces a document added again under the same id and removes ids', () => {
    const index = new Bm25Index();
    index.add(documents);
    index.add([{ id: 'b', text: 'Notes about Varnholm' }]);
    expect(index.size).toBe(3);
    expect(index.search('lemon', 3)).toEqual([]);
    index.remove(['a', 'missing']);
    expect(index.size).toBe(2);
    expect(index.search('Varnholm', 3).map((hit) => hit.id)).toEqual(['b']);
  });

  it('finds a word inside a run of Japanese text', () => {
    const index = new Bm25Index();
    index.add([
      { id: 'tokyo', text: '東京駅は日本の鉄道駅です。' },
      { id: 'kyoto', text: '京都駅は京都市にあります。' },
    ]);
    expect(index.search('東京', 2).map((hit) => hit.id)).toEqual(['tokyo']);
    expect(index.search('京都市', 2).map((hit) => hit.id)).toEqual(['kyoto']);
  });

  it('scores a term more when it is rarer across the collection', () => {
    const index = new Bm25Index();
    index.add(documents);
    const [lake] = index.search('lake', 1);
    const [lemon] = index.search('lemon', 1);
    expect(lemon!.score).toBeGreaterThan(lake!.score);
  });

  it.each([
    ['its documents', (segment: KeywordSegment) => segment],
    [
      'posting lists stored term after term',
      (segment: KeywordSegment) => decodeSegment(encodeSegment(segment, { byTerm: true })),
    ],
  ])('gives a live index from %s that ranks and expands the same, to the bit', (_, stored) => {
    const index = new Bm25Index();
    index.add(documents);
    index.add([
      { id: 'd', text: 'A lake station, a station by a lake, Varnholm notes' },
      { id: 'e', text: 'Lemon trees near the lake' },
    ]);
    index.remove(['b']);
    const restored = Bm25Index.fromSegment(stored(index.toSegment()));
    expect(restored.size).toBe(index.size);
    for (const query of ['lake station', 'lemon', 'Varnholm notes', 'absent']) {
      expect(restored.search(query, 5)).toEqual(index.search(query, 5));
      expect(restored.expandQuery(query, ['d'])).toEqual(index.expandQuery(query, ['d']));
    }
    restored.add([{ id: 'f', text: 'A second lake' }]);
    restored.remove(['a', 'c', 'd', 'e']);
    expect(restored.search('lake', 5).map((hit) => hit.id)).toEqual(['f']);
  });

  it('gives the segment it holds, lists by term included, until the next change', () => {
    const index = new Bm25Index();
    index.add(documents);
    index.remove(['b']);
    const built = index.toSegment();
    expect(built.byTerm).toBeUndefined();
    index.compact();
    const held = index.toSegment();
    expect(index.toSegment()).toBe(held);
    expect(held).toMatchObject({ ids: built.ids, terms: built.terms, pairs: built.pairs });
    expect(encodeSegment(held, { byTerm: true })).toEqual(encodeSegment(built, { byTerm: true }));

    const loaded = Bm25Index.fromSegment(decodeSegment(encodeSegment(held, { byTerm: true })));
    expect(loaded.toSegment().byTerm).toBeDefined();
    index.add([{ id: 'f', text: 'A second lake' }]);
    expect(index.toSegment()).not.toBe(held);
    expect(index.toSegment().byTerm).toBeUndefined();
    expect(index.toSegment().ids).toEqual([...built.ids, 'f']);
  });

  it('compacts over its own pairs, and leaves the arrays of a segment it was loaded from as they were', () => {
    const index = new Bm25Index();
    index.add(documents);
    index.remove(['a', 'c']);
    const expected = index.toSegment();
    index.compact();
    expect(index.toSegment()).toMatchObject({ ids: expected.ids, pairs: expected.pairs });

    const stored = decodeSegment(encodeSegment(expected, { byTerm: true }));
    const bytes = encodeSegment(stored, { byTerm: true });
    const loaded = Bm25Index.fromSegment(stored);
    loaded.remove([expected.ids[0]!]);
    loaded.compact();
    expect(encodeSegment(stored, { byTerm: true })).toEqual(bytes);
    expect(loaded.toSegment().ids).toEqual(expected.ids.slice(1));
  });

  it('scores a frequency too large to pack exactly, live, stored and restored', () => {
    const index = new Bm25Index();
    index.add([
      { id: 'x', text: 'lake '.repeat(300) },
      { id: 'y', text: 'lake station' },
    ]);
    // BM25 by hand, in the scorer's order: 2 documents hold "lake", lengths 300 and 2.
    const idf = Math.log(1 + (2 - 2 + 0.5) / (2 + 0.5));
    const norm = 1.2 * (1 - 0.75 + (0.75 * 300) / 151);
    const expected = (idf * 300 * (1.2 + 1)) / (300 + norm);
    expect(index.search('lake', 1)).toEqual([{ id: 'x', score: expected }]);
    const stored = Bm25Index.fromSegment(
      decodeSegment(encodeSegment(index.toSegment(), { byTerm: true })),
    );
    expect(stored.search('lake', 1)).toEqual([{ id: 'x', score: expected }]);
    index.remove(['y']);
    index.compact();
    const restored = new Bm25Index();
    restored.addSegment(decodeSegment(encodeSegment(index.toSegment())));
    expect(restored.search('lake', 1)).toEqual(index.search('lake', 1));
    expect(restored.toSegment().largeFrequencies).toEqual(Int32Array.of(0, 300));
  });
});
