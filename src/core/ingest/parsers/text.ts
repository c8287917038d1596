import type { Block, ParsedDocument, ParseInput, Parser } from '../../ports/parser.ts';
import { documentFromBlocks } from '../parsed-document.ts';
import { tableRowBlocks } from '../table-rows.ts';
import { decodeText } from '../text-decoding.ts';
import { parseDelimited } from './csv.ts';

/** A text is read as a tab-separated table from this many lines... */
const MIN_TABLE_LINES = 3;
/** ...when the first this many lines all have the same number (two or more) of fields. */
const TABLE_CHECK_LINES = 1000;

/**
 * Plain text files: paragraphs at blank lines, line breaks inside a paragraph kept. Also the
 * prose formats read well as text: logs, subtitles, LaTeX, reStructuredText, AsciiDoc, Org. A
 * text whose every line has the same number of tab-separated fields (a spreadsheet saved as
 * "Text (Tab delimited)", ISA-Tab) is read as a table, a block per row naming its columns.
 */
export const textParser: Parser = {
  extensions: [
    ...['txt', 'text', 'log', 'me', 'nfo', '1st'],
    ...['srt', 'vtt', 'sub', 'tex', 'latex', 'bib', 'rst', 'adoc', 'asciidoc', 'org'],
  ],
  async parse({ path, bytes }: ParseInput): Promise<ParsedDocument> {
    const text = decodeText(path, bytes);
    if (isTabSeparatedTable(text)) {
      const { blocks, warning } = tableRowBlocks(parseDelimited(text, '\t'));
      const document = documentFromBlocks(path, blocks);
      if (warning) document.warnings = [warning];
      return document;
    }
    const blocks = text
      .split(/\n[ \t]*\n/)
      .map((paragraph): Block => ({ kind: 'paragraph', text: paragraph }));
    return documentFromBlocks(path, blocks);
  },
};

function isTabSeparatedTable(text: string): boolean {
  const lines = text
    .split('\n', TABLE_CHECK_LINES + 1)
    .slice(0, TABLE_CHECK_LINES)
    .filter((line) => line.trim().length > 0);
  if (lines.length < MIN_TABLE_LINES) return false;
  const fields = lines[0]!.split('\t').length;
  return fields >= 2 && lines.every((line) => line.split('\t').length === fields);
}
