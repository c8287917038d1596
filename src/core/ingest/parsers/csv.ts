import type { Block, ParsedDocument, ParseInput, Parser } from '../../ports/parser.ts';
import { documentFromBlocks } from '../parsed-document.ts';
import { decodeText } from '../text-decoding.ts';

/** Rows per table block, and the size a block stops growing at, so chunks stay self-describing. */
const ROWS_PER_BLOCK = 20;
const CHARACTERS_PER_BLOCK = 900;

/**
 * Comma-, semicolon- or tab-separated tables. Each block holds a run of rows under a repeat of the
 * header row, cells joined by " | ", so any chunk of the table can be read on its own.
 */
export const csvParser: Parser = {
  extensions: ['csv', 'tsv'],
  async parse({ path, bytes }: ParseInput): Promise<ParsedDocument> {
    const text = decodeText(path, bytes);
    const delimiter = path.toLowerCase().endsWith('.tsv') ? '\t' : guessDelimiter(text);
    const rows = parseDelimited(text, delimiter)
      .map((cells) => cells.map((cell) => cell.replace(/\s+/g, ' ').trim()))
      .filter((cells) => cells.some((cell) => cell.length > 0))
      .map((cells) => cells.join(' | '));
    const [header, ...body] = rows;
    if (header === undefined) return documentFromBlocks(path, []);
    if (body.length === 0) return documentFromBlocks(path, [{ kind: 'table', text: header }]);
    const blocks: Block[] = [];
    let lines: string[] = [];
    let length = header.length;
    for (const row of body) {
      if (
        lines.length >= ROWS_PER_BLOCK ||
        (lines.length > 0 && length + row.length > CHARACTERS_PER_BLOCK)
      ) {
        blocks.push({ kind: 'table', text: [header, ...lines].join('\n') });
        lines = [];
        length = header.length;
      }
      lines.push(row);
      length += row.length + 1;
    }
    blocks.push({ kind: 'table', text: [header, ...lines].join('\n') });
    return documentFromBlocks(path, blocks);
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
function parseDelimited(text: string, delimiter: string): string[][] {
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
