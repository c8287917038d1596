import { describe, expect, it } from 'vitest';
import { segmentText } from '../../../src/ui/text-segments.ts';

describe('segmentText', () => {
  it('splits text into plain and marked runs', () => {
    expect(segmentText('a <b>bold</b> claim', [{ start: 2, end: 13 }])).toEqual([
      { text: 'a ', marked: false },
      { text: '<b>bold</b>', marked: true },
      { text: ' claim', marked: false },
    ]);
  });

  it('merges overlapping and unsorted ranges and clamps them to the text', () => {
    const segments = segmentText('abcdefgh', [
      { start: 5, end: 20 },
      { start: 1, end: 3 },
      { start: 2, end: 4 },
    ]);
    expect(segments).toEqual([
      { text: 'a', marked: false },
      { text: 'bcd', marked: true },
      { text: 'e', marked: false },
      { text: 'fgh', marked: true },
    ]);
  });

  it('returns the whole text unmarked without ranges', () => {
    expect(segmentText('plain', [])).toEqual([{ text: 'plain', marked: false }]);
  });
});
