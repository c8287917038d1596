import { describe, expect, it } from 'vitest';
import { findTermMatches } from '../../../src/app/term-matches.ts';

function marked(query: string, text: string, within?: { start: number; end: number }): string[] {
  return findTermMatches(query, text, within).map(({ start, end }) => text.slice(start, end));
}

describe('findTermMatches', () => {
  it('marks the words keyword search matched, stemmed and case-folded', () => {
    expect(marked('weather stations', 'The Station logs weather; other stations do not.')).toEqual([
      'Station',
      'weather',
      'stations',
    ]);
  });

  it('ignores stop words and folds accents', () => {
    expect(marked('the café', 'The cafe by the Café.')).toEqual(['cafe', 'Café']);
  });

  it('keeps offsets of the whole text when searching inside a range', () => {
    const text = 'core one. core two.';
    const matches = findTermMatches('core', text, { start: 10, end: text.length });
    expect(matches).toEqual([{ start: 10, end: 14 }]);
  });

  it('marks words inside runs of Chinese, Japanese or Korean text by their character pairs', () => {
    expect(marked('東京', '新東京駅と京都')).toEqual(['東京']);
    expect(marked('東京駅', '新東京駅と京都')).toEqual(['東京駅']);
    expect(marked('データ', 'このデータベースは')).toEqual(['データ']);
    expect(marked('서울', '서울특별시')).toEqual(['서울']);
    expect(marked('ケース', 'iPhoneケース')).toEqual(['ケース']);
  });

  it('marks nothing for a query of stop words only', () => {
    expect(marked('and the', 'and the rest')).toEqual([]);
  });
});
