import { describe, expect, it } from 'vitest';
import { focusSnippet, type CharacterRange } from '../../../src/core/retrieval/snippet.ts';

function rangesOf(text: string, ...words: string[]): CharacterRange[] {
  return words.flatMap((word) =>
    [...text.matchAll(new RegExp(word, 'g'))].map((match) => ({
      start: match.index,
      end: match.index + word.length,
    })),
  );
}

describe('focusSnippet', () => {
  it('keeps a short text whole', () => {
    const text = 'Short passage about herons.';
    const snippet = focusSnippet(text, rangesOf(text, 'herons'));
    expect(snippet).toMatchObject({ text, clippedStart: false, clippedEnd: false });
  });

  it('moves to where the matched words are, starting at a sentence', () => {
    const filler = 'Nothing to see in this sentence at all. '.repeat(20);
    const text = `${filler}The treasurer Imogen Castellane keeps the accounts. ${filler}`;
    const matches = rangesOf(text, 'treasurer', 'accounts');
    const snippet = focusSnippet(text, matches, 200);
    expect(snippet.text.startsWith('The treasurer')).toBe(true);
    expect(snippet.clippedStart).toBe(true);
    expect(snippet.clippedEnd).toBe(true);
    expect(snippet.text.length).toBeLessThanOrEqual(200);
    for (const match of snippet.matches) {
      expect(['treasurer', 'accounts']).toContain(snippet.text.slice(match.start, match.end));
    }
    expect(snippet.matches).toHaveLength(2);
  });

  it('prefers the window with more distinct matched words', () => {
    const filler = 'plain words here and there. '.repeat(30);
    const text = `lake ${filler} lake station core ${filler}`;
    const snippet = focusSnippet(text, rangesOf(text, 'lake', 'station', 'core'), 150);
    expect(snippet.text).toContain('lake station core');
  });

  it('moves a lone match from the end of the window to near its start', () => {
    const text = `${'A sentence without the word. '.repeat(9)}The treasurer signs. ${'More. '.repeat(20)}`;
    const snippet = focusSnippet(text, rangesOf(text, 'treasurer'), 280);
    expect(snippet.text.startsWith('The treasurer')).toBe(true);
  });

  it('starts at the beginning when nothing matched', () => {
    const text = 'word '.repeat(200);
    const snippet = focusSnippet(text, [], 100);
    expect(snippet.clippedStart).toBe(false);
    expect(snippet.text.length).toBeLessThanOrEqual(100);
  });
});
