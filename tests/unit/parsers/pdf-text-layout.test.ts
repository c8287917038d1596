import { describe, expect, it } from 'vitest';
import {
  linesFromTextItems,
  paragraphsFromLines,
  type PositionedText,
} from '../../../src/adapters/parsers/pdf-text-layout.ts';

/** A text run at (x, y) in 10-point type, about 5 points per character. */
const run = (
  str: string,
  x: number,
  y: number,
  { hasEOL = false, size = 10, fontName = 'body' } = {},
): PositionedText => ({
  str,
  transform: [size, 0, 0, size, x, y],
  width: str.length * size * 0.5,
  height: size,
  hasEOL,
  fontName,
});

const paragraphs = (items: PositionedText[]): string[] =>
  paragraphsFromLines(linesFromTextItems(items)).map((paragraph) => paragraph.text);

describe('linesFromTextItems', () => {
  it('joins runs on one baseline, adding a space only where there is a gap', () => {
    const items = [run('Hel', 72, 700), run('lo', 87, 700), run('world', 110, 700)];
    expect(linesFromTextItems(items).map((line) => line.text)).toEqual(['Hello world']);
  });

  it('gives each line the size and font of most of its characters', () => {
    const items = [
      run('Heading in bold', 72, 700, { size: 14, fontName: 'bold' }),
      run('x', 190, 700, { size: 20, fontName: 'symbol' }),
    ];
    expect(linesFromTextItems(items)).toEqual([
      { text: 'Heading in bold x', y: 700, height: 20, size: 14, fontName: 'bold' },
    ]);
  });

  it('cleans control characters from each line and drops lines of glyph numbers', () => {
    const items = [
      run('Perceived\u0002Ease', 72, 700, { hasEOL: true }),
      run('\u0007\u001c\u0008 \u0017', 72, 680),
    ];
    expect(linesFromTextItems(items).map((line) => line.text)).toEqual(['Perceived Ease']);
  });

  it('puts no space between Chinese or Japanese runs a small gap apart, but does between Korean words', () => {
    const items = [
      run('東京は', 72, 700),
      run('日本の首都です', 92, 700),
      run('서울은', 72, 650),
      run('수도입니다', 104, 650),
    ];
    expect(linesFromTextItems(items).map((line) => line.text)).toEqual([
      '東京は日本の首都です',
      '서울은 수도입니다',
    ]);
  });
});

describe('paragraphsFromLines', () => {
  it('joins close lines into a paragraph and splits at a blank line of space', () => {
    const items = [
      run('First line of the', 72, 700),
      run('paragraph.', 72, 688),
      run('Second paragraph.', 72, 650),
    ];
    expect(paragraphs(items)).toEqual(['First line of the paragraph.', 'Second paragraph.']);
  });

  it('honours end-of-line markers and rejoins hyphenated words', () => {
    const items = [run('A measure-', 72, 700, { hasEOL: true }), run('ment of ice.', 72, 688)];
    expect(paragraphs(items)).toEqual(['A measurement of ice.']);
  });

  it('rejoins a word broken at a line end by a hyphen glyph without a character', () => {
    const items = [
      run('The measure\u0002', 72, 700),
      run('ments of the ice were', 72, 688),
      run('taken twice a day.', 72, 676),
    ];
    expect(paragraphs(items)).toEqual(['The measurements of the ice were taken twice a day.']);
  });

  it("rejoins a word at Word's optional hyphen and drops it inside a line", () => {
    const items = [run('An opti\u001f', 72, 700), run('mal re\u001fsult.', 72, 688)];
    expect(paragraphs(items)).toEqual(['An optimal result.']);
  });

  it('joins Chinese and Japanese lines without a space, Korean and Latin lines with one', () => {
    const items = [
      run('吾輩は猫で', 72, 700),
      run('ある。名前はまだ無い。', 72, 688),
      run('한국어는 띄어쓰기를', 72, 650),
      run('합니다', 72, 638),
    ];
    expect(paragraphs(items)).toEqual([
      '吾輩は猫である。名前はまだ無い。',
      '한국어는 띄어쓰기를 합니다',
    ]);
  });

  it('starts a new paragraph at a change of type size, and below a lone line in another font, not above one', () => {
    const items = [
      run('Results', 72, 720, { size: 14 }),
      run('The beam reached', 72, 705),
      run('Method', 72, 680, { fontName: 'bold' }),
      run('Readings were taken', 72, 668),
      run('with a meter in', 72, 656, { fontName: 'italic' }),
    ];
    expect(paragraphs(items)).toEqual([
      'Results',
      'The beam reached',
      'Method',
      'Readings were taken with a meter in',
    ]);
  });

  it('starts a new paragraph when the text jumps up (a new column)', () => {
    const items = [run('Left column.', 72, 300), run('Right column.', 320, 700)];
    expect(paragraphs(items)).toEqual(['Left column.', 'Right column.']);
  });

  it('drops empty runs and pages without text', () => {
    expect(paragraphs([run('  ', 72, 700, { hasEOL: true }), run('', 72, 688)])).toEqual([]);
    expect(paragraphs([])).toEqual([]);
  });
});
