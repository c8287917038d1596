/** The tags that tell a table's role: its own, its cells, and block content inside it. */
const TABLE_CONTENT =
  /<(\/?)(table|td|th|p|h[1-6]|pre|blockquote|article|section|main|nav|header|footer|aside|form)(?=[\s/>])/gi;

interface OpenTable {
  start: number;
  cells: number;
  paragraphs: number;
  layout: boolean;
}

/**
 * The tables that lay out a page rather than hold data, by the offset of their `<table`: one
 * that holds another table, a heading or other sectioning content, has a single cell, or has more
 * paragraphs than cells (cells that each hold a whole text). Decided in one pass over the page,
 * before it is read, so that their rows and cells become paragraph boundaries instead of joining
 * a whole article into one table row.
 */
export function layoutTables(html: string): Set<number> {
  const layout = new Set<number>();
  const open: OpenTable[] = [];
  const close = (table: OpenTable): void => {
    if (table.layout || table.cells <= 1 || table.paragraphs > table.cells) layout.add(table.start);
  };
  TABLE_CONTENT.lastIndex = 0;
  for (let match = TABLE_CONTENT.exec(html); match; match = TABLE_CONTENT.exec(html)) {
    const closing = match[1] === '/';
    const name = match[2]!.toLowerCase();
    const table = open.at(-1);
    if (name === 'table') {
      if (closing) {
        const closed = open.pop();
        if (closed) close(closed);
      } else {
        if (table) table.layout = true;
        open.push({ start: match.index, cells: 0, paragraphs: 0, layout: false });
      }
    } else if (table && !closing) {
      if (name === 'td' || name === 'th') table.cells += 1;
      else if (name === 'p') table.paragraphs += 1;
      else table.layout = true;
    }
  }
  for (const table of open) close(table);
  return layout;
}
