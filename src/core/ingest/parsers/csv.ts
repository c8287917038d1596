import type { ParsedDocument, ParseInput, Parser } from '../../ports/parser.ts';
import { documentFromBlocks } from '../parsed-document.ts';
import { tableRowBlocks } from '../table-rows.ts';
import { decodeText } from '../text-decoding.ts';

/**
 * Comma-, semicolon- or tab-separated tables. The first row is the header and every later row one
 * block naming its columns ("date: 2023-11-02; station: Varnholm Pier"), so any chunk of the
 * table reads on its own; past the row limit rows are left out with a warning.
 */
export const csvParser: Parser = {
  extensions: ['csv', 'tsv'],
  async parse({ path, bytes }: ParseInput): Promise<ParsedDocument> {
    const text = decodeText(path, bytes);
    const delimiter = path.toLowerCase().endsWith('.tsv') ? '\t' : guessDelimiter(text);
    const { blocks, warning } = tableRowBlocks(parseDelimited(text, delimiter));
    const document = documentFromBlocks(path, blocks);
    if (warning) document.warnings = [warning];
    return document;
  },
};

/** The separator that occurs most often in the first line, outside quotes; a comma by default. */
function guessDelimiter(text: string): string {
  const firstLine = (text.split('\n', 1)[0] ?? '').replace(/"[^"]*"/g, '');
  let best = ',';
  let bestCount = 0;
  for (const candidate of [',', ';', '\t']) {
    const count = firstLine.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/** RFC 4180 fields: quoted fields may hold delimiters, line breaks and doubled quotes. */
export function parseDelimited(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character !== '"') field += character;
      else if (text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else quoted = false;
    } else if (character === '"' && field.trim().length === 0) {
      quoted = true;
      field = '';
    } else if (character === delimiter) {
      row.push(field);
      field = '';
    } else if (character === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += character;
    }
  }
  if (field.length > 0 || row.length > 0) rows.push([...row, field]);
  return rows;
}
