import { describe, expect, it } from 'vitest';
import type { KeywordBase } from '../../../src/core/ports/lexical-index.ts';
import { Bm25Index } from '../../../src/core/retrieval/bm25.ts';
import { decodeBase, encodeBaseParts } from '../../../src/core/retrieval/keyword-base-format.ts';
import { analyzeDocuments } from '../../../src/core/retrieval/keyword-segment.ts';
import {
  decodeSegment,
  encodeSegment,
  joinBytes,
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

  const stored = (base: KeywordBase) => decodeBase(joinBytes(encodeBaseParts(base)));
  const texts = new Map([
    ...documents.map(({ id, text }) => [id, text] as const),
    ['d', 'A lake station, a station by a lake, Varnholm notes'],
    ['e', 'Lemon trees near the lake'],
    ['f', 'A second lake'],
  ]);
  /** Documents `ids` counted as a search's feedback reads them. */
  const counted = (...ids: string[]) =>
    analyzeDocuments(ids.map((id) => ({ id, text: texts.get(id)! })));

  it.each([
    ['its base', (base: KeywordBase) => base],
    ['its base stored', stored],
  ])('gives a live index from %s that ranks and expands the same, to the bit', (_, keep) => {
    const index = new Bm25Index();
    index.add(documents);
    index.add(['d', 'e'].map((id) => ({ id, text: texts.get(id)! })));
    index.remove(['b']);
    const restored = Bm25Index.fromBase(keep(index.toBase()));
    expect(restored.size).toBe(index.size);
    for (const query of ['lake station', 'lemon', 'Varnholm notes', 'absent']) {
      expect(restored.search(query, 5)).toEqual(index.search(query, 5));
      expect(restored.expandQuery(query, counted('d'))).toEqual(
        index.expandQuery(query, counted('d')),
      );
    }
    restored.add([{ id: 'f', text: texts.get('f')! }]);
    index.add([{ id: 'f', text: texts.get('f')! }]);
    expect(restored.expandQuery('lake', counted('e', 'f'))).toEqual(
      index.expandQuery('lake', counted('e', 'f')),
    );
    restored.remove(['a', 'c', 'd', 'e']);
    expect(restored.search('lake', 5).map((hit) => hit.id)).toEqual(['f']);
  });

  it('expands with the feedback’s terms it holds, first occurrences first among equals', () => {
    const index = new Bm25Index();
    index.add([
      { id: 'x', text: 'zebra apple mango' },
      { id: 'y', text: 'lake' },
    ]);
    const feedback = analyzeDocuments([{ id: 'x', text: 'zebra unheard apple mango' }]);
    expect([...index.feedbackTerms(feedback, 2, new Set()).keys()]).toEqual(['zebra', 'apple']);
    expect([...index.feedbackTerms(feedback, 5, new Set(['apple'])).keys()]).toEqual([
      'zebra',
      'mango',
    ]);
  });

  it('gives the base it holds until the next change', () => {
    const index = new Bm25Index();
    index.add(documents);
    index.remove(['b']);
    const built = index.toBase();
    expect(index.toBase()).not.toBe(built);
    index.compact();
    const held = index.toBase();
    expect(index.toBase()).toBe(held);
    expect(held).toMatchObject({ ids: built.ids, terms: built.terms, byTerm: built.byTerm });
    expect(joinBytes(encodeBaseParts(held))).toEqual(joinBytes(encodeBaseParts(built)));

    const loaded = Bm25Index.fromBase(stored(held));
    expect(loaded.toBase().ids).toEqual(built.ids);
    index.add([{ id: 'f', text: 'A second lake' }]);
    expect(index.toBase()).not.toBe(held);
    expect(index.toBase().ids).toEqual([...built.ids, 'f']);
  });

  it('prepares its first change in slices, to the same results as a change unprepared', async () => {
    const built = new Bm25Index();
    built.add(documents);
    const [prepared, plain] = [built, built].map((index) =>
      Bm25Index.fromBase(stored(index.toBase())),
    );
    let pauses = 0;
    await prepared!.prepareChanges(async () => {
      pauses += 1;
    });
    expect(pauses).toBeGreaterThan(0);
    for (const index of [prepared!, plain!]) {
      index.remove(['b']);
      index.add([{ id: 'f', text: texts.get('f')! }]);
    }
    expect(prepared!.search('lake ice', 5)).toEqual(plain!.search('lake ice', 5));
    expect(joinBytes(encodeBaseParts(prepared!.toBase()))).toEqual(
      joinBytes(encodeBaseParts(plain!.toBase())),
    );
  });

  it('drops what it prepared for a base changed meanwhile', async () => {
    const built = new Bm25Index();
    built.add(documents);
    const base = built.toBase();
    for (const change of [
      (index: Bm25Index) => index.remove(['a']),
      (index: Bm25Index) => index.compact(),
      (index: Bm25Index) => index.add([{ id: 'e', text: texts.get('e')! }]),
    ]) {
      const index = Bm25Index.fromBase(stored(base));
      const plain = Bm25Index.fromBase(stored(base));
      let changed = false;
      await index.prepareChanges(async () => {
        if (!changed) change(index);
        changed = true;
      });
      change(plain);
      for (const each of [index, plain]) each.remove(['c']);
      expect(index.search('lake lemon', 5)).toEqual(plain.search('lake lemon', 5));
      expect(index.toBase().ids).toEqual(plain.toBase().ids);
      expect(index.size).toBe(plain.size);
    }
  });

  it('compacts over its own pairs, and leaves the arrays of a base it was loaded from as they were', () => {
    const index = new Bm25Index();
    index.add(documents);
    index.remove(['a', 'c']);
    const expected = index.toBase();
    index.compact();
    expect(index.toBase()).toMatchObject({ ids: expected.ids, byTerm: expected.byTerm });

    const base = stored(expected);
    const bytes = joinBytes(encodeBaseParts(base));
    const loaded = Bm25Index.fromBase(base);
    loaded.remove([expected.ids[0]!]);
    loaded.compact();
    expect(joinBytes(encodeBaseParts(base))).toEqual(bytes);
    expect(loaded.toBase().ids).toEqual(expected.ids.slice(1));
  });

  it('scores a frequency too large to pack exactly, live, stored and restored', () => {
    const index = new Bm25Index();
    index.add([
      { id: 'y', text: 'lake station' },
      { id: 'x', text: 'lake '.repeat(300) },
    ]);
    // BM25 by hand, in the scorer's order: 2 documents hold "lake", lengths 2 and 300.
    const idf = Math.log(1 + (2 - 2 + 0.5) / (2 + 0.5));
    const norm = 1.2 * (1 - 0.75 + (0.75 * 300) / 151);
    const expected = (idf * 300 * (1.2 + 1)) / (300 + norm);
    expect(index.search('lake', 1)).toEqual([{ id: 'x', score: expected }]);
    // "lake" is term 0; x is the second document of its list.
    expect([...index.toBase().largeFrequencies]).toEqual([1, 300]);
    const loaded = Bm25Index.fromBase(stored(index.toBase()));
    expect(loaded.search('lake', 1)).toEqual([{ id: 'x', score: expected }]);
    // Feedback counted with "lake" 300 times, kept exactly beside its packed pair.
    const feedback = analyzeDocuments([{ id: 'x', text: `station ${'lake '.repeat(300)}` }]);
    const rarity = (holders: number) => Math.log(1 + (2 - holders + 0.5) / (holders + 0.5));
    const ratio = ((1 / 301) * rarity(1)) / ((300 / 301) * rarity(2));
    expect(loaded.feedbackTerms(feedback, 2, new Set())).toEqual(
      new Map([
        ['lake', 1],
        ['station', ratio],
      ]),
    );
    loaded.remove(['y']);
    loaded.compact();
    // Alone now: 1 document holds "lake", length 300, the average.
    const alone = (Math.log(1 + 0.5 / 1.5) * 300 * (1.2 + 1)) / (300 + 1.2);
    expect(loaded.search('lake', 1)).toEqual([{ id: 'x', score: alone }]);
    expect([...loaded.toBase().largeFrequencies]).toEqual([0, 300]);
    const restored = new Bm25Index();
    restored.addSegment(
      decodeSegment(encodeSegment(analyzeDocuments([{ id: 'x', text: 'lake '.repeat(300) }]))),
    );
    expect(restored.search('lake', 1)).toEqual(loaded.search('lake', 1));
  });
});
