/** A run of text on a PDF page as pdf.js reports it (the fields of its `TextItem`). */
export interface PositionedText {
  str: string;
  /** Transformation matrix; [4] is x and [5] is y of the baseline start, y growing upwards. */
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

interface Line {
  text: string;
  y: number;
  height: number;
}

/** A vertical gap of more than this many line heights between two lines starts a paragraph. */
const PARAGRAPH_GAP = 1.6;

/**
 * Rebuilds the paragraphs of a page from its text runs: runs join into lines by their baseline,
 * with a space where there is a horizontal gap; lines join into paragraphs unless a blank line's
 * worth of space or a jump upwards (a new column) separates them. Hyphenated line ends are joined.
 */
export function paragraphsFromTextItems(items: readonly PositionedText[]): string[] {
  const paragraphs: string[] = [];
  let paragraph: Line[] = [];
  for (const line of linesFromTextItems(items)) {
    const previous = paragraph.at(-1);
    if (previous && !continuesParagraph(previous, line)) {
      paragraphs.push(joinLines(paragraph));
      paragraph = [];
    }
    paragraph.push(line);
  }
  if (paragraph.length > 0) paragraphs.push(joinLines(paragraph));
  return paragraphs.filter((text) => text.length > 0);
}

function linesFromTextItems(items: readonly PositionedText[]): Line[] {
  const lines: Line[] = [];
  let current: Line | undefined;
  let lineEndX = 0;
  for (const item of items) {
    const x = item.transform[4] ?? 0;
    const y = item.transform[5] ?? 0;
    const height = item.height || Math.hypot(item.transform[2] ?? 0, item.transform[3] ?? 0) || 1;
    if (current && Math.abs(y - current.y) > Math.max(current.height, height) * 0.5) {
      lines.push(current);
      current = undefined;
    }
    if (!current) {
      current = { text: '', y, height };
    } else if (x - lineEndX > height * 0.15 && !/\s$/.test(current.text) && !/^\s/.test(item.str)) {
      current.text += ' ';
    }
    current.text += item.str;
    current.height = Math.max(current.height, height);
    lineEndX = x + item.width;
    if (item.hasEOL) {
      lines.push(current);
      current = undefined;
    }
  }
  if (current) lines.push(current);
  return lines
    .map((line) => ({ ...line, text: line.text.replace(/\s+/g, ' ').trim() }))
    .filter((line) => line.text.length > 0);
}

function continuesParagraph(previous: Line, line: Line): boolean {
  const gap = previous.y - line.y;
  return gap > 0 && gap <= Math.max(previous.height, line.height) * PARAGRAPH_GAP;
}

function joinLines(lines: Line[]): string {
  let text = '';
  for (const line of lines) {
    if (text.length === 0) text = line.text;
    else if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(line.text))
      text = text.slice(0, -1) + line.text;
    else text += ` ${line.text}`;
  }
  return text;
}
