import { cleanPdfText, lineEndHyphens, SOFT_HYPHEN } from './pdf-text-clean.ts';

/** A run of text on a PDF page as pdf.js reports it (the fields of its `TextItem`). */
export interface PositionedText {
  str: string;
  /** Transformation matrix; [4] is x and [5] is y of the baseline start, y growing upwards. */
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
  /** pdf.js's name for the run's font (one per font of the document). */
  fontName: string;
}

/** One line of a page: its runs joined, cleaned of control characters. */
export interface PdfLine {
  text: string;
  /** Baseline, in points from the bottom of the page. */
  y: number;
  /** The tallest run's height. */
  height: number;
  /** The type size of most of the line's characters (half points). */
  size: number;
  /** The font of most of the line's characters. */
  fontName: string;
}

/** Lines that read as one paragraph, and its text. */
export interface PdfParagraph {
  text: string;
  lines: PdfLine[];
}

/** A vertical gap of more than this many line heights between two lines starts a paragraph. */
const PARAGRAPH_GAP = 1.6;

/**
 * Chinese and Japanese are written without spaces between words: no space goes between two of
 * their characters where runs or lines meet. Korean puts spaces between words, so Hangul is not
 * among them.
 */
const UNSPACED =
  /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6]/u;

function joinsUnspaced(before: string, after: string): boolean {
  return UNSPACED.test(before.at(-1) ?? '') && UNSPACED.test(after[0] ?? '');
}

/**
 * Joins a page's text runs into lines by their baseline, with a space where there is a
 * horizontal gap (between Chinese or Japanese characters only where the gap is a whole
 * character wide), and cleans each line (`cleanPdfText`, with the page's line-end hyphens).
 * Lines without text are left out.
 */
export function linesFromTextItems(items: readonly PositionedText[]): PdfLine[] {
  const lines: OpenLine[] = [];
  let current: OpenLine | undefined;
  let lineEndX = 0;
  const end = (): void => {
    if (current) lines.push(current);
    current = undefined;
  };
  for (const item of items) {
    const x = item.transform[4] ?? 0;
    const y = item.transform[5] ?? 0;
    const height = item.height || Math.hypot(item.transform[2] ?? 0, item.transform[3] ?? 0) || 1;
    if (current && Math.abs(y - current.y) > Math.max(current.height, height) * 0.5) end();
    if (!current) {
      current = { text: '', y, height, fonts: new Map(), sizes: new Map() };
    } else if (needsSpace(current.text, item.str, x - lineEndX, height)) {
      current.text += ' ';
    }
    current.text += item.str;
    current.height = Math.max(current.height, height);
    count(current.fonts, item.fontName, item.str.length);
    count(current.sizes, Math.round(height * 2) / 2, item.str.length);
    lineEndX = x + item.width;
    if (item.hasEOL) end();
  }
  end();
  const hyphens = lineEndHyphens(lines.map((line) => line.text));
  return lines.map((line) => finishLine(line, hyphens)).filter((line) => line.text.length > 0);
}

function needsSpace(text: string, next: string, gap: number, height: number): boolean {
  if (/\s$/.test(text) || /^\s/.test(next)) return false;
  return gap > height * (joinsUnspaced(text, next) ? 1 : 0.15);
}

interface OpenLine {
  text: string;
  y: number;
  height: number;
  /** Characters per font and per size. */
  fonts: Map<string, number>;
  sizes: Map<number, number>;
}

function count<Key>(counts: Map<Key, number>, key: Key, characters: number): void {
  counts.set(key, (counts.get(key) ?? 0) + characters);
}

function mostOf<Key>(counts: Map<Key, number>, fallback: Key): Key {
  let best = fallback;
  let most = -1;
  for (const [key, characters] of counts) {
    if (characters > most) [best, most] = [key, characters];
  }
  return best;
}

function finishLine(line: OpenLine, hyphens: ReadonlySet<string>): PdfLine {
  const text = cleanPdfText(line.text, hyphens).replace(/\s+/g, ' ').trim();
  return {
    text,
    y: line.y,
    height: line.height,
    size: mostOf(line.sizes, line.height),
    fontName: mostOf(line.fonts, ''),
  };
}

/**
 * Groups lines into paragraphs (see `continuesParagraph`). Hyphenated line ends are joined.
 */
export function paragraphsFromLines(lines: readonly PdfLine[]): PdfParagraph[] {
  const paragraphs: PdfParagraph[] = [];
  const fonts = new Map<string, number>();
  for (const line of lines) count(fonts, line.fontName, line.text.length);
  const bodyFont = mostOf(fonts, '');
  let paragraph: PdfLine[] = [];
  for (const line of lines) {
    const previous = paragraph.at(-1);
    if (previous && !continuesParagraph(paragraph, line, bodyFont)) {
      paragraphs.push({ text: joinLines(paragraph), lines: paragraph });
      paragraph = [];
    }
    paragraph.push(line);
  }
  if (paragraph.length > 0) paragraphs.push({ text: joinLines(paragraph), lines: paragraph });
  return paragraphs.filter((candidate) => candidate.text.length > 0);
}

/** Type sizes further apart than this share are different type (a heading's and the body's). */
const SIZE_CHANGE = 0.15;

/**
 * A line goes on with the paragraph above unless it is a blank line's worth lower or higher up (a
 * new column), in type of another size, or in the page's body font below a line of its own in
 * another font (a bold heading set close to its text).
 */
function continuesParagraph(
  paragraph: readonly PdfLine[],
  line: PdfLine,
  bodyFont: string,
): boolean {
  const previous = paragraph.at(-1);
  if (!previous) return true;
  const gap = previous.y - line.y;
  if (gap <= 0 || gap > Math.max(previous.height, line.height) * PARAGRAPH_GAP) return false;
  if (Math.abs(previous.size - line.size) > Math.max(previous.size, line.size) * SIZE_CHANGE) {
    return false;
  }
  return paragraph.length > 1 || previous.fontName === bodyFont || line.fontName !== bodyFont;
}

function joinLines(lines: PdfLine[]): string {
  let text = '';
  for (const line of lines) {
    if (text.length === 0) text = line.text;
    else if (text.endsWith(SOFT_HYPHEN)) text = text.slice(0, -1) + line.text;
    else if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(line.text))
      text = text.slice(0, -1) + line.text;
    else if (joinsUnspaced(text, line.text)) text += line.text;
    else text += ` ${line.text}`;
  }
  return text.replaceAll(SOFT_HYPHEN, '');
}
