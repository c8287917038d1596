import { describe, expect, it } from 'vitest';
import {
  paragraphsFromTextItems,
  type PositionedText,
} from '../../../src/adapters/parsers/pdf-text-layout.ts';

/** A text run at (x, y) in 10-point type, about 5 points per character. */
const run = (str: string, x: number, y: number, hasEOL = false): PositionedText => ({
  str,
  transform: [10, 0, 0, 10, x, y],
  width: str.length * 5,
  height: 10,
  hasEOL,
});

describe('paragraphsFromTextItems', () => {
  it('joins runs on one baseline, adding a space only where there is a gap', () => {
    const items = [run('Hel', 72, 700), run('lo', 87, 700), run('world', 110, 700)];
    expect(paragraphsFromTextItems(items)).toEqual(['Hello world']);
  });

  it('joins close lines into a paragraph and splits at a blank line of space', () => {
    const items = [
      run('First line of the', 72, 700),
      run('paragraph.', 72, 688),
      run('Second paragraph.', 72, 650),
    ];
    expect(paragraphsFromTextItems(items)).toEqual([
      'First line of the paragraph.',
      'Second paragraph.',
    ]);
  });

  it('honours end-of-line markers and rejoins hyphenated words', () => {
    const items = [run('A measure-', 72, 700, true), run('ment of ice.', 72, 688)];
    expect(paragraphsFromTextItems(items)).toEqual(['A measurement of ice.']);
  });

  it('starts a new paragraph when the text jumps up (a new column)', () => {
    const items = [run('Left column.', 72, 300), run('Right column.', 320, 700)];
    expect(paragraphsFromTextItems(items)).toEqual(['Left column.', 'Right column.']);
  });

  it('drops empty runs and pages without text', () => {
    expect(paragraphsFromTextItems([run('  ', 72, 700, true), run('', 72, 688)])).toEqual([]);
    expect(paragraphsFromTextItems([])).toEqual([]);
  });
});
