import { describe, expect, it } from 'vitest';
import { Bm25Index } from '../../src/core/retrieval/bm25.ts';
import { analyze, stem } from '../../src/core/retrieval/text-analysis.ts';

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

  it('folds accents and possessives', () => {
    expect(analyze("Café Zoë's menu")).toEqual(['cafe', 'zoe', 'menu']);
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

  it('scores a term more when it is rarer across the collection', () => {
    const index = new Bm25Index();
    index.add(documents);
    const [lake] = index.search('lake', 1);
    const [lemon] = index.search('lemon', 1);
    expect(lemon!.score).toBeGreaterThan(lake!.score);
  });
});
