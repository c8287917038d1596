/**
 * Where a cited passage lies on a rendered PDF page: the passage (the chunk's text, which the
 * parser built from this page's text runs) is matched against the page's text runs as pdf.js
 * reports them, ignoring everything but letters and digits (spacing, line-end hyphens, quote
 * styles, ligatures differ), and each run it overlaps becomes a box to draw over the page.
 */

import type { PlacedWord } from '../core/types.ts';

/** A text run of a page as pdf.js reports it (the fields of its `TextItem` used here). */
export interface PageTextItem {
  str: string;
  /** Text matrix; [4] and [5] are the baseline start in PDF units, y growing upwards. */
  transform: number[];
  /** Advance width in PDF units. */
  width: number;
}

/** The characters `[start, end)` of item `item`'s `str` that belong to the passage. */
export interface ItemRange {
  item: number;
  start: number;
  end: number;
}

/** What the page was rendered with: pdf.js's `PageViewport.transform` and `.scale`. */
export interface PageGeometry {
  transform: number[];
  scale: number;
}

/** A highlight in CSS pixels over the rendered page, rotated by `angle` radians about its top-left. */
export interface HighlightBox {
  left: number;
  top: number;
  width: number;
  height: number;
  angle: number;
  /** The highlighted characters. */
  text: string;
}

/** Characters of passage text matched at each end when the whole passage is not found as one. */
const ANCHOR_LENGTH = 24;
/** The part of a line's height above the baseline (pdf.js's default ascent). */
const ASCENT = 0.8;

/**
 * OCR'd words as the text runs of a page that has none of its own (a scan): each word a run of its
 * box's height, its baseline placed so that the highlight (ascent above it, the rest below) covers
 * the box exactly.
 */
export function placedWordItems(words: readonly PlacedWord[]): PageTextItem[] {
  return words.map(({ text, x, y, width, height }) => ({
    str: text,
    transform: [height, 0, 0, height, x, y + height * (1 - ASCENT)],
    width,
  }));
}

interface Folded {
  text: string;
  /** For each character of `text`: its item and its span in that item's `str`. */
  origins: ItemRange[];
}

/** Letters and digits only, case- and compatibility-folded ("ﬁ" → "fi"). */
function foldCharacter(character: string): string {
  return character
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

function foldItems(items: readonly PageTextItem[]): Folded {
  let text = '';
  const origins: ItemRange[] = [];
  items.forEach(({ str }, item) => {
    let start = 0;
    for (const character of str) {
      const end = start + character.length;
      for (const folded of foldCharacter(character)) {
        text += folded;
        origins.push({ item, start, end });
      }
      start = end;
    }
  });
  return { text, origins };
}

function foldText(text: string): string {
  let folded = '';
  for (const character of text) folded += foldCharacter(character);
  return folded;
}

/** Where the folded passage lies in the folded page, as `[start, end)`; undefined when nowhere. */
function locate(page: string, passage: string): [number, number] | undefined {
  if (passage.length === 0) return undefined;
  const whole = page.indexOf(passage);
  if (whole >= 0) return [whole, whole + passage.length];
  const head = page.indexOf(passage.slice(0, ANCHOR_LENGTH));
  const tailText = passage.slice(-ANCHOR_LENGTH);
  const tail = page.indexOf(tailText, Math.max(0, head));
  if (head >= 0 && tail >= 0) return [head, tail + tailText.length];
  if (head >= 0) return [head, Math.min(page.length, head + passage.length)];
  if (tail >= 0)
    return [Math.max(0, tail + tailText.length - passage.length), tail + tailText.length];
  return undefined;
}

/**
 * The parts of `items` that hold `passage`, in item order: the whole passage where the page has
 * it, else the stretch between its first and last words; none when neither is on the page.
 */
export function findPassageOnPage(passage: string, items: readonly PageTextItem[]): ItemRange[] {
  const page = foldItems(items);
  const found = locate(page.text, foldText(passage));
  if (!found) return [];
  const ranges: ItemRange[] = [];
  for (const origin of page.origins.slice(found[0], found[1])) {
    const last = ranges.at(-1);
    if (last?.item === origin.item) last.end = Math.max(last.end, origin.end);
    else ranges.push({ ...origin });
  }
  // A run the passage goes on past is highlighted to its end (its line-end hyphen, its comma),
  // a run it comes from another into from its start.
  ranges.forEach((range, index) => {
    if (index > 0) range.start = 0;
    if (index < ranges.length - 1) range.end = items[range.item]?.str.length ?? range.end;
  });
  return ranges;
}

/** `left × right` for pdf.js's six-number affine matrices. */
function multiply(left: readonly number[], right: readonly number[]): number[] {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = left;
  const [g = 1, h = 0, i = 0, j = 1, k = 0, l = 0] = right;
  return [
    a * g + c * h,
    b * g + d * h,
    a * i + c * j,
    b * i + d * j,
    a * k + c * l + e,
    b * k + d * l + f,
  ];
}

/** The width of a text in any one font and size; only ratios of two widths are used. */
export type MeasureText = (text: string) => number;

/**
 * The boxes to draw for `ranges` on a page rendered with `geometry`. Runs carry one width, not
 * one per character, so a part of a run is placed by its share of the run's width as `measure`
 * gives it (by default, its share of the characters).
 */
export function highlightBoxes(
  items: readonly PageTextItem[],
  ranges: readonly ItemRange[],
  geometry: PageGeometry,
  measure: MeasureText = (text) => text.length,
): HighlightBox[] {
  return ranges.flatMap(({ item, start, end }): HighlightBox[] => {
    const run = items[item];
    if (!run || run.str.length === 0) return [];
    const matrix = multiply(geometry.transform, run.transform);
    const angle = Math.atan2(matrix[1] ?? 0, matrix[0] ?? 1);
    const fontHeight = Math.hypot(matrix[2] ?? 0, matrix[3] ?? 0);
    const runWidth = run.width * geometry.scale;
    const share = (text: string) => measure(text) / (measure(run.str) || 1);
    const offset = runWidth * share(run.str.slice(0, start));
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    const ascent = fontHeight * ASCENT;
    return [
      {
        left: (matrix[4] ?? 0) + offset * cos + ascent * sin,
        top: (matrix[5] ?? 0) + offset * sin - ascent * cos,
        width: runWidth * share(run.str.slice(start, end)),
        height: fontHeight,
        angle,
        text: run.str.slice(start, end),
      },
    ];
  });
}
