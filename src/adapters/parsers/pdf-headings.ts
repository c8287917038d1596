import type { Block } from '../../core/ports/parser.ts';
import type { OutlineEntry } from './pdf-outline.ts';
import type { PdfLine, PdfParagraph } from './pdf-text-layout.ts';

/** The paragraphs of one page, top to bottom as the page's content stream gives them. */
export interface PageParagraphs {
  /** 1-based page. */
  number: number;
  paragraphs: PdfParagraph[];
}

interface Placed {
  block: Block;
  /** Baseline of the block's first line (for an inserted bookmark, the top of its view). */
  y: number;
  /** The lines of a paragraph read from the page. */
  lines?: PdfLine[];
}

/** Type this much larger than the body's is a heading's. */
const LARGER = 1.15;
/** At most this many distinct larger sizes get levels of their own. */
const SIZE_LEVELS = 3;
/** Longest paragraph (characters, lines) that is read as a heading by its type. */
const HEADING_CHARS = 150;
const HEADING_LINES = 3;
/** Longest line read as a heading because its font differs from the body's (bold, say). */
const EMPHASIS_CHARS = 80;

/**
 * The blocks of each page (same order as `pages`): paragraphs, and headings taken from the
 * outline where it has entries (a paragraph that says the bookmark's title becomes the heading;
 * otherwise the title goes in where the bookmark points), else from the type: short paragraphs set
 * larger than the body (level by size), or in another font at the body's size on a line of their
 * own (one level below). When more than half the paragraphs would be headings the type tells
 * nothing (a form, a poster) and none are made.
 */
export function structurePages(
  pages: readonly PageParagraphs[],
  outline: readonly OutlineEntry[],
): Block[][] {
  if (outline.length > 0) {
    const entriesOf = new Map<number, OutlineEntry[]>();
    for (const entry of outline) {
      const entries = entriesOf.get(entry.page) ?? [];
      entries.push(entry);
      entriesOf.set(entry.page, entries);
    }
    return pages.map((page) => withOutline(page, entriesOf.get(page.number) ?? []));
  }
  const levelOf = typeLevels(pages.flatMap((page) => page.paragraphs));
  return pages.map((page) =>
    page.paragraphs.map((paragraph): Block => {
      const level = levelOf(paragraph);
      return level === undefined
        ? { kind: 'paragraph', text: paragraph.text, page: page.number }
        : { kind: 'heading', level, text: paragraph.text, page: page.number };
    }),
  );
}

/** A page's blocks with its bookmarks (in outline order) as headings. */
function withOutline(page: PageParagraphs, entries: readonly OutlineEntry[]): Block[] {
  const placed: Placed[] = page.paragraphs.map((paragraph) => ({
    block: { kind: 'paragraph', text: paragraph.text, page: page.number },
    y: paragraph.lines[0]?.y ?? 0,
    lines: paragraph.lines,
  }));
  let after = 0;
  for (const entry of entries) {
    after = markTitle(placed, entry) ?? insertTitle(placed, entry, after);
  }
  return placed.map((item) => item.block);
}

/**
 * Makes the paragraph that says the bookmark's title, or whose first line says it (the rest goes
 * on as a paragraph), the heading. Returns the index after the heading, or undefined.
 */
function markTitle(placed: Placed[], entry: OutlineEntry): number | undefined {
  const key = matchKey(entry.title);
  if (!key) return undefined;
  const says = (text: string | undefined): boolean => text !== undefined && matchKey(text) === key;
  const whole = placed.findIndex((item) => item.lines && says(item.block.text));
  const index =
    whole >= 0 ? whole : placed.findIndex((item) => item.lines && says(item.lines[0]?.text));
  const found = placed[index];
  if (!found?.lines) return undefined;
  const [first, ...rest] = found.lines;
  const text = whole >= 0 || !first ? found.block.text : first.text;
  const heading: Placed = {
    block: { ...found.block, kind: 'heading', level: entry.level, text },
    y: found.y,
  };
  const remainder = found.block.text.slice(text.length).trim();
  if (whole >= 0 || !remainder) {
    placed.splice(index, 1, heading);
  } else {
    const body: Placed = { block: { ...found.block, text: remainder }, y: rest[0]?.y ?? found.y };
    placed.splice(index, 1, heading, body);
  }
  return index + 1;
}

/** Puts the bookmark's title in as a heading where it points, after `after`. */
function insertTitle(placed: Placed[], entry: OutlineEntry, after: number): number {
  const top = entry.top ?? Number.POSITIVE_INFINITY;
  let index = after;
  while (index < placed.length && (placed[index]?.y ?? 0) >= top) index += 1;
  placed.splice(index, 0, {
    block: { kind: 'heading', level: entry.level, text: entry.title, page: entry.page },
    y: top,
  });
  return index + 1;
}

/** Letters and digits only, lower case: "1. Introduction" and "1 INTRODUCTION" match. */
function matchKey(text: string): string {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');
}

/** The heading level a paragraph's type gives it, or undefined for body text. */
function typeLevels(
  paragraphs: readonly PdfParagraph[],
): (paragraph: PdfParagraph) => number | undefined {
  const body = bodyType(paragraphs.flatMap((paragraph) => paragraph.lines));
  const larger = (paragraph: PdfParagraph): number | undefined => {
    const size = Math.min(...paragraph.lines.map((line) => line.size));
    return size >= body.size * LARGER ? size : undefined;
  };
  const emphasised = (paragraph: PdfParagraph): boolean => {
    const [line, ...more] = paragraph.lines;
    return (
      line !== undefined &&
      more.length === 0 &&
      line.text.length <= EMPHASIS_CHARS &&
      Math.abs(line.size - body.size) <= body.size * 0.05 &&
      line.fontName !== body.fontName
    );
  };
  const isCandidate = (paragraph: PdfParagraph): boolean =>
    looksLikeHeading(paragraph) && (larger(paragraph) !== undefined || emphasised(paragraph));
  // A heading heads something: none after the last paragraph of body text.
  const lastBody = paragraphs.findLastIndex((paragraph) => !isCandidate(paragraph));
  const candidates = paragraphs.filter(
    (paragraph, index) => index < lastBody && isCandidate(paragraph),
  );
  if (candidates.length * 2 > paragraphs.length) return () => undefined;
  const sizes = [...new Set(candidates.map(larger).filter((size) => size !== undefined))]
    .sort((a, b) => b - a)
    .slice(0, SIZE_LEVELS);
  const emphasisLevel = sizes.length + 1;
  const headings = new Set(candidates);
  return (paragraph) => {
    if (!headings.has(paragraph)) return undefined;
    const size = larger(paragraph);
    if (size === undefined) return emphasisLevel;
    const rank = sizes.findIndex((candidate) => size >= candidate);
    return rank < 0 ? sizes.length : rank + 1;
  };
}

function looksLikeHeading(paragraph: PdfParagraph): boolean {
  return (
    paragraph.text.length <= HEADING_CHARS &&
    paragraph.lines.length <= HEADING_LINES &&
    /\p{L}/u.test(paragraph.text) &&
    !/[.,;:]$/.test(paragraph.text)
  );
}

/** The size and font of most of the text (sizes rounded to half points). */
function bodyType(lines: readonly PdfLine[]): { size: number; fontName: string } {
  const bySize = new Map<number, number>();
  const byFont = new Map<string, number>();
  for (const line of lines) {
    bySize.set(line.size, (bySize.get(line.size) ?? 0) + line.text.length);
  }
  const size = mostOf(bySize) ?? 0;
  for (const line of lines) {
    if (line.size !== size) continue;
    byFont.set(line.fontName, (byFont.get(line.fontName) ?? 0) + line.text.length);
  }
  return { size, fontName: mostOf(byFont) ?? '' };
}

function mostOf<Key>(counts: Map<Key, number>): Key | undefined {
  let best: Key | undefined;
  let most = -1;
  for (const [key, count] of counts) {
    if (count > most) [best, most] = [key, count];
  }
  return best;
}
