/**
 * A table still arriving: its header row alone (starting with `|`), or with its delimiter row half
 * written (`| --`), already reads as the table it will be, so the row does not flash by as a
 * paragraph. When the text ends in a paragraph, the missing delimiter row is written out, as wide
 * as the header, and the text read again; that reading is kept only when it ends in a table.
 */
import type { Token } from 'markdown-it';

const DELIMITER_CELL = /^:?-+:?$/;
/** A delimiter row being written: pipes, dashes, colons and spaces only. */
const PARTIAL_DELIMITER_ROW = /^[-|: ]+$/;
/** What quotes and list items put before a line. */
const CONTAINER_PREFIX = /^[\s>]*/;

/** The tokens of `text` (read by `parse`), with a table being written at its end read as one. */
export function withOpenTable(
  text: string,
  tokens: Token[],
  parse: (text: string) => Token[],
): Token[] {
  if (lastBlock(tokens) !== 'paragraph_open') return tokens;
  const completed = completedTable(text);
  if (completed === undefined) return tokens;
  const completedTokens = parse(completed);
  return lastBlock(completedTokens) === 'table' ? completedTokens : tokens;
}

/** `text` with the delimiter row of the table it ends in written out; undefined when none. */
function completedTable(text: string): string | undefined {
  const lines = text.trimEnd().split('\n');
  const last = lines.length - 1;
  const [prefix, row] = withoutPrefix(lines[last] ?? '');
  const header = lines[last - 1];
  if (PARTIAL_DELIMITER_ROW.test(row) && header?.includes('|')) {
    const width = cellsOf(withoutPrefix(header)[1]).length;
    if (width === 0) return undefined;
    return [...lines.slice(0, last), prefix + delimiterRow(cellsOf(row), width)].join('\n');
  }
  const width = cellsOf(row).length;
  if (!row.startsWith('|') || width === 0) return undefined;
  return [...lines, prefix + delimiterRow([], width)].join('\n');
}

function withoutPrefix(line: string): [prefix: string, rest: string] {
  const prefix = CONTAINER_PREFIX.exec(line)?.[0] ?? '';
  return [prefix, line.slice(prefix.length)];
}

/** The cells of a row: split at `|` not escaped, outer pipes dropped. */
function cellsOf(row: string): string[] {
  const trimmed = row.trim();
  const cells = trimmed.split(/(?<!\\)\|/);
  if (trimmed.startsWith('|')) cells.shift();
  if (/(?<!\\)\|$/.test(trimmed) && cells.length > 0) cells.pop();
  return cells.map((cell) => cell.trim());
}

/** A delimiter row `width` cells wide, keeping the cells written so far that are complete. */
function delimiterRow(written: readonly string[], width: number): string {
  const cells = Array.from({ length: width }, (_, column) => {
    const cell = written[column] ?? '';
    return DELIMITER_CELL.test(cell) ? cell : '---';
  });
  return `| ${cells.join(' | ')} |`;
}

/** The opening token type of the block the text ends in (`table` for a table). */
function lastBlock(tokens: readonly Token[]): string | undefined {
  for (let index = tokens.length - 1; index >= 0; index -= 1) {
    const token = tokens[index];
    if (token?.type === 'table_close') return 'table';
    if (token?.nesting !== -1)
      return token?.type === 'inline' ? tokens[index - 1]?.type : token?.type;
  }
  return undefined;
}
