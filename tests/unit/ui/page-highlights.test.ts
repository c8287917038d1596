import { describe, expect, it } from 'vitest';
import {
  findPassageOnPage,
  highlightBoxes,
  placedWordItems,
  type PageTextItem,
} from '../../../src/ui/page-highlights.ts';

/** A run at (x, y) in PDF units, 12 pt, half a point per character wide. */
function run(str: string, x = 72, y = 700): PageTextItem {
  return { str, transform: [12, 0, 0, 12, x, y], width: str.length * 6 };
}

const PAGE = [
  run('Annual report 2023', 72, 740),
  run('The lighthouse had 18,240 visi-', 72, 700),
  run('tors this year. The treasurer,', 72, 686),
  run('Imogen Castellane, kept the “books”.', 72, 672),
  run('Next year: new paint.', 72, 640),
];

function highlighted(passage: string, items = PAGE): string[] {
  return findPassageOnPage(passage, items).map(({ item, start, end }) =>
    items[item]!.str.slice(start, end),
  );
}

describe('findPassageOnPage', () => {
  it('finds a passage across runs despite joined hyphens, spacing and quote styles', () => {
    expect(
      highlighted(
        'The lighthouse had 18,240 visitors this year.\nThe treasurer, Imogen Castellane, kept the "books".',
      ),
    ).toEqual([
      'The lighthouse had 18,240 visi-',
      'tors this year. The treasurer,',
      'Imogen Castellane, kept the “books',
    ]);
  });

  it('highlights only the part of a run the passage covers', () => {
    expect(highlighted('this year. The treasurer, Imogen')).toEqual([
      'this year. The treasurer,',
      'Imogen',
    ]);
  });

  it('folds ligatures and case', () => {
    const items = [run('The ﬁnal ﬁgure'), run('WAS CONFIRMED')];
    expect(highlighted('final figure was confirmed', items)).toEqual([
      'The ﬁnal ﬁgure'.slice(4),
      'WAS CONFIRMED',
    ]);
  });

  it('falls back to the stretch between the passage’s first and last words', () => {
    const passage =
      'The lighthouse had 18,240 visitors this year. [a word the page lacks] The treasurer, Imogen Castellane, kept the books.';
    expect(highlighted(passage)).toEqual([
      'The lighthouse had 18,240 visi-',
      'tors this year. The treasurer,',
      'Imogen Castellane, kept the “books',
    ]);
  });

  it('finds nothing for a passage that is not on the page, or has no words', () => {
    expect(highlighted('Sourdough needs a starter and patience, and some flour too.')).toEqual([]);
    expect(highlighted(' … ')).toEqual([]);
    expect(findPassageOnPage('anything', [])).toEqual([]);
  });
});

describe('highlightBoxes', () => {
  const geometry = { transform: [2, 0, 0, -2, 0, 1584], scale: 2 };

  it('places a whole run in CSS pixels on a page rendered at scale 2', () => {
    const items = [run('Imogen', 72, 672)];
    const [box] = highlightBoxes(items, [{ item: 0, start: 0, end: 6 }], geometry);
    expect(box).toMatchObject({ width: 72, height: 24, angle: 0, text: 'Imogen' });
    expect(box?.left).toBeCloseTo(144);
    // Baseline at 1584 - 2 × 672 = 240, the box starts an ascent (0.8 × 24) above it.
    expect(box?.top).toBeCloseTo(240 - 19.2);
  });

  it('places part of a run by its share of the characters', () => {
    const items = [run('abcdefghij', 100, 700)];
    const [box] = highlightBoxes(items, [{ item: 0, start: 5, end: 10 }], geometry);
    expect(box?.left).toBeCloseTo(200 + 60);
    expect(box?.width).toBeCloseTo(60);
    expect(box?.text).toBe('fghij');
  });

  it('places part of a run by its share of the run’s measured width', () => {
    const items = [run('iiiiWW', 100, 700)];
    const narrow = (text: string) => [...text].reduce((sum, c) => sum + (c === 'i' ? 1 : 4), 0);
    const [box] = highlightBoxes(items, [{ item: 0, start: 4, end: 6 }], geometry, narrow);
    // 6 characters at 6 units, 12 px each after scale 2: 72 px, of which "WW" is 8/12.
    expect(box?.left).toBeCloseTo(200 + 72 * (4 / 12));
    expect(box?.width).toBeCloseTo(72 * (8 / 12));
  });

  it('turns the box with rotated text', () => {
    const items: PageTextItem[] = [{ str: 'up', transform: [0, 12, -12, 0, 300, 300], width: 12 }];
    const [box] = highlightBoxes(items, [{ item: 0, start: 0, end: 2 }], geometry);
    expect(box?.angle).toBeCloseTo(-Math.PI / 2);
    expect(box?.height).toBeCloseTo(24);
  });

  it('skips ranges of runs that do not exist or are empty', () => {
    expect(highlightBoxes([run('')], [{ item: 0, start: 0, end: 0 }], geometry)).toEqual([]);
    expect(highlightBoxes([], [{ item: 3, start: 0, end: 1 }], geometry)).toEqual([]);
  });
});

describe('placedWordItems', () => {
  /** pdf.js's viewport of a US Letter page at scale 1: y flipped from the top. */
  const LETTER = { transform: [1, 0, 0, -1, 0, 792], scale: 1 };
  const WORDS = [
    { text: 'Happy', x: 100, y: 500, width: 60, height: 20 },
    { text: 'New', x: 170, y: 500, width: 40, height: 20 },
    { text: 'Year', x: 100, y: 470, width: 45, height: 18 },
    { text: '2003', x: 155, y: 470, width: 55, height: 18 },
  ];

  it('finds an OCR passage among its words, whatever spacing its text has', () => {
    const items = placedWordItems(WORDS);
    expect(highlighted('Happy New\nYear 2003', items)).toEqual(['Happy', 'New', 'Year', '2003']);
    expect(highlighted('New Year', items)).toEqual(['New', 'Year']);
  });

  it('covers each word’s box exactly', () => {
    const items = placedWordItems(WORDS);
    const boxes = highlightBoxes(items, findPassageOnPage('Happy New Year 2003', items), LETTER);
    boxes.forEach((box, index) => {
      const word = WORDS[index]!;
      expect(box.left).toBeCloseTo(word.x);
      expect(box.width).toBeCloseTo(word.width);
      expect(box.top).toBeCloseTo(792 - word.y - word.height);
      expect(box.height).toBeCloseTo(word.height);
      expect(box.angle).toBeCloseTo(0);
    });
    expect(boxes).toHaveLength(4);
  });
});
