import { describe, expect, it } from 'vitest';
import { resolveCitations, verifyQuotes } from '../../../src/core/agents/citations.ts';

const sources = new Map([
  ['a#0', 'Use <b>bold</b> text.\nThe kiln was fired in   1921.'],
  ['b#0', 'Nothing else.'],
]);

describe('verifyQuotes', () => {
  it('keeps quotes found verbatim modulo whitespace, neutralised angle brackets included', () => {
    const { verified, dropped } = verifyQuotes(
      [
        { chunkId: 'a#0', quote: '“The kiln was fired in 1921.”' },
        { chunkId: 'a#0', quote: 'Use ‹b›bold‹/b› text.' },
        { chunkId: 'a#0', quote: 'The kiln was fired in 1922.' },
        { chunkId: 'b#0', quote: '…' },
        { chunkId: undefined, quote: 'Nothing else.' },
      ],
      sources,
    );
    expect(verified).toEqual([
      { chunkId: 'a#0', quote: 'The kiln was fired in 1921.' },
      { chunkId: 'a#0', quote: 'Use ‹b›bold‹/b› text.' },
    ]);
    expect(dropped.map(({ reason }) => reason)).toEqual([
      'not-in-passage',
      'empty-quote',
      'unknown-passage',
    ]);
  });
});

describe('resolveCitations', () => {
  it('renumbers the known markers in order of use and drops unknown ones', () => {
    const available = new Map([
      [3, { number: 3, chunkId: 'a#0', quote: 'x' }],
      [5, { number: 5, chunkId: 'b#0' }],
    ]);
    const resolved = resolveCitations('**1921** [5] [3], then [9]. Again [5].', available);
    expect(resolved.text).toBe('**1921** [1] [2], then. Again [1].');
    expect(resolved.citations.map(({ number, chunkId }) => [number, chunkId])).toEqual([
      [1, 'b#0'],
      [2, 'a#0'],
    ]);
    expect(resolved.dropped).toEqual([{ chunkId: undefined, number: 9, reason: 'unknown-number' }]);
  });
});
