import type { Block } from '../ports/parser.ts';

/** Rows read per table (sheet or CSV file); what is past it is left out with a warning. */
export const DEFAULT_MAX_TABLE_ROWS = 10_000;

export interface TableRowBlocks {
  blocks: Block[];
  /** A warning for the user when rows were left out. */
  warning?: string;
}

/**
 * Turns a table's rows into blocks that each read on their own: the first row with a value is the
 * header, and every later row becomes one block naming its columns, "Quarter: Q3; Revenue: 1,200",
 * so a search for "Q3 revenue" finds the row. Empty cells are skipped; a column without a header
 * is "Column 3". A lone value above a wider row (a sheet's title line) is kept as a paragraph and
 * the wider row is the header. `name` (a sheet's name) leads as a heading.
 */
export function tableRowBlocks(
  rows: Iterable<readonly string[]>,
  options: { name?: string; maxRows?: number } = {},
): TableRowBlocks {
  const maxRows = options.maxRows ?? DEFAULT_MAX_TABLE_ROWS;
  const blocks: Block[] = [];
  let header: string[] | undefined;
  /** A first row with one value, which is a caption if a wider row follows, else the header. */
  let lone: string[] | undefined;
  let caption: string | undefined;
  let rowsRead = 0;
  let rowsLeftOut = 0;
  for (const row of rows) {
    const cells = row.map(tidyCell);
    const filled = cells.filter((cell) => cell.length > 0).length;
    if (filled === 0) continue;
    if (header === undefined) {
      if (lone === undefined && filled === 1) {
        lone = cells;
        continue;
      }
      if (lone !== undefined && filled > 1) {
        caption = lone.find((cell) => cell.length > 0);
        header = cells;
        continue;
      }
      header = lone ?? cells;
      if (lone === undefined) continue;
    }
    if (rowsRead >= maxRows) {
      rowsLeftOut += 1;
      continue;
    }
    rowsRead += 1;
    blocks.push({ kind: 'table', text: rowText(header, cells) });
  }
  header ??= lone;
  if (header !== undefined && blocks.length === 0) {
    blocks.push({ kind: 'table', text: header.filter((cell) => cell.length > 0).join(' | ') });
  }
  if (caption !== undefined) blocks.unshift({ kind: 'paragraph', text: caption });
  if (options.name && blocks.length > 0) {
    blocks.unshift({ kind: 'heading', level: 2, text: tidyCell(options.name) });
  }
  if (rowsLeftOut === 0) return { blocks };
  const where = options.name ? `"${tidyCell(options.name)}": ` : '';
  return {
    blocks,
    warning: `${where}only the first ${count(maxRows)} of ${count(maxRows + rowsLeftOut)} rows were indexed.`,
  };
}

/** One row as "Header: value; Header: value", empty cells left out. */
export function rowText(header: readonly string[], cells: readonly string[]): string {
  const pairs: string[] = [];
  cells.forEach((cell, index) => {
    if (cell.length === 0) return;
    const label = header[index] || `Column ${index + 1}`;
    pairs.push(`${label}: ${cell}`);
  });
  return pairs.join('; ');
}

function tidyCell(cell: string): string {
  return cell.replace(/\s+/g, ' ').trim();
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}
