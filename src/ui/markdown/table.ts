/**
 * GitHub-style pipe tables: a header row, a delimiter row (`| --- | :-: |`) with as many cells,
 * then rows up to the first blank line or line without a `|`. Rows are padded or cut to the
 * header's width. While the text is still arriving, a header row starting with `|` or a delimiter
 * row being written already makes the table, so the row does not flash by as a paragraph.
 */
import type { MarkdownBlock, MarkdownInline, TableAlignment } from './markdown-tree.ts';

export interface TableLine {
  text: string;
  /** Whether the text may still grow at the end of this line. */
  openEnded: boolean;
}

const DELIMITER_CELL = /^:?-+:?$/;
/** A delimiter row still being written: pipes, dashes, colons and spaces only. */
const PARTIAL_DELIMITER_ROW = /^[-|: ]+$/;

/** Whether a table starts with `header` followed by `delimiter`. */
export function isTableStart(
  header: TableLine | undefined,
  delimiter: TableLine | undefined,
): boolean {
  if (!header || !header.text.includes('|')) return false;
  // A header row still being written, nothing under it yet: already a table.
  if (header.openEnded && header.text.trimStart().startsWith('|')) return true;
  if (!delimiter) return false;
  const cells = splitCells(delimiter.text);
  const width = splitCells(header.text).length;
  if (width === 0) return false;
  if (cells.length === width && cells.every((cell) => DELIMITER_CELL.test(cell))) return true;
  return delimiter.openEnded && PARTIAL_DELIMITER_ROW.test(delimiter.text.trim());
}

/** The table of `lines` (header, delimiter, rows); `parseCell` reads each cell's inlines. */
export function tableOf(
  lines: readonly TableLine[],
  parseCell: (text: string, openEnded: boolean) => MarkdownInline[],
): Extract<MarkdownBlock, { kind: 'table' }> {
  const [header, delimiter, ...rows] = lines;
  const headerCells = splitCells(header?.text ?? '');
  const width = headerCells.length;
  const alignments = fit(splitCells(delimiter?.text ?? '').map(alignmentOf), width, undefined);
  return {
    kind: 'table',
    alignments,
    header: headerCells.map((cell) => parseCell(cell, false)),
    rows: rows.map((row) =>
      fit(splitCells(row.text), width, '').map((cell) => parseCell(cell, row.openEnded)),
    ),
  };
}

/** Whether `text` can continue a table. */
export function isTableRow(text: string): boolean {
  return text.includes('|') && text.trim() !== '';
}

/** The cells of a row: split at `|` not escaped, outer pipes dropped, `\|` kept as `|`. */
function splitCells(row: string): string[] {
  const trimmed = row.trim();
  const cells: string[] = [];
  let cell = '';
  for (let index = 0; index < trimmed.length; index += 1) {
    const character = trimmed[index];
    if (character === '\\' && trimmed[index + 1] === '|') {
      cell += '|';
      index += 1;
    } else if (character === '|') {
      cells.push(cell);
      cell = '';
    } else cell += character;
  }
  cells.push(cell);
  if (trimmed.startsWith('|')) cells.shift();
  if (trimmed.endsWith('|') && !trimmed.endsWith('\\|') && cells.length > 0) cells.pop();
  return cells.map((text) => text.trim());
}

function alignmentOf(cell: string): TableAlignment {
  const left = cell.startsWith(':');
  const right = cell.endsWith(':') && cell.length > 1;
  if (left && right) return 'center';
  if (right) return 'right';
  return left ? 'left' : undefined;
}

function fit<T>(values: T[], width: number, filler: T): T[] {
  const fitted = values.slice(0, width);
  while (fitted.length < width) fitted.push(filler);
  return fitted;
}
