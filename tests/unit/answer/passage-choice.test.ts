import { describe, expect, it } from 'vitest';
import { coveringPassages, onePerFile } from '../../../src/core/answer/passage-choice.ts';

function passage(path: string, text: string) {
  return { collectionId: 'c', path, text };
}

describe('onePerFile', () => {
  it('keeps the best-ranked passage of each file, in rank order', () => {
    const ranked = [
      passage('a.md', 'a first'),
      passage('a.md', 'a second'),
      passage('b.md', 'b first'),
      passage('c.md', 'c first'),
    ];
    expect(onePerFile(ranked, 2).map((chosen) => chosen.text)).toEqual(['a first', 'b first']);
  });
});

describe('coveringPassages', () => {
  it('keeps the best-ranked file first', () => {
    const ranked = [passage('a.md', 'Nothing shared.'), passage('b.md', 'Sutera is a shrub.')];
    expect(coveringPassages('Is Sutera a shrub?', ranked, 2)[0]?.path).toBe('a.md');
  });

  it('prefers a file holding the half of the question the first file lacks', () => {
    const ranked = [
      passage('dc-talk.md', 'DC Talk is a music group with three members.'),
      passage('dc-talk-album.md', 'Free at Last is an album by the music group DC Talk.'),
      passage('other.md', 'A music group plays music.'),
      passage('manchester.md', 'Manchester Orchestra is a band with five members.'),
    ];
    const chosen = coveringPassages(
      'Which music group has the most members, DC Talk or Manchester Orchestra?',
      ranked,
      2,
    );
    expect(chosen.map((shown) => shown.path)).toEqual(['dc-talk.md', 'manchester.md']);
  });

  it('goes by rank when no file adds a question word, and shows each file once', () => {
    const ranked = [
      passage('a.md', 'Kazan was a director.'),
      passage('a.md', 'Kazan again.'),
      passage('b.md', 'Kazan, born 1909.'),
      passage('c.md', 'Kazan directed films.'),
    ];
    expect(coveringPassages('Kazan?', ranked, 3).map((shown) => shown.path)).toEqual([
      'a.md',
      'b.md',
      'c.md',
    ]);
  });

  it('returns fewer passages when fewer files were found', () => {
    expect(coveringPassages('anything', [passage('a.md', 'text')], 3)).toHaveLength(1);
    expect(coveringPassages('anything', [], 3)).toEqual([]);
  });
});
