import { isRecord } from '../src/core/is-record.ts';
type Cell = string | number | boolean | null | undefined;

function text(value: unknown): string {
  return isRecord(value) || Array.isArray(value) ? JSON.stringify(value) : String(value as Cell);
}

function alignColumns(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '))
    .join('\n')
    .replace(/ +$/gm, '');
}

/**
 * A benchmark result for people: its plain fields as `name value` lines, then its nested objects
 * (one per adapter or stage) as one table with a row each.
 */
export function formatResultTable(result: Record<string, unknown>): string {
  const entries = Object.entries(result);
  const plain = entries.filter(([, value]) => !isRecord(value));
  const nested = entries.filter((entry): entry is [string, Record<string, unknown>] =>
    isRecord(entry[1]),
  );
  const sections = [alignColumns(plain.map(([name, value]) => [name, text(value)]))];
  if (nested.length > 0) {
    const columns = [...new Set(nested.flatMap(([, value]) => Object.keys(value)))];
    const header = ['', ...columns];
    const rows = nested.map(([name, value]) => [
      name,
      ...columns.map((column) => (column in value ? text(value[column]) : '')),
    ]);
    sections.push(alignColumns([header, ...rows]));
  }
  return sections.join('\n\n');
}
