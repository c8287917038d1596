import type { Block, ParsedDocument, ParseInput, Parser } from '../../ports/parser.ts';
import { documentFromBlocks } from '../parsed-document.ts';
import { decodeText } from '../text-decoding.ts';

/**
 * Plain text files: paragraphs at blank lines, line breaks inside a paragraph kept. Also the
 * prose formats read well as text: logs, subtitles, LaTeX, reStructuredText, AsciiDoc, Org.
 */
export const textParser: Parser = {
  extensions: [
    ...['txt', 'text', 'log', 'me', 'nfo', '1st'],
    ...['srt', 'vtt', 'sub', 'tex', 'latex', 'bib', 'rst', 'adoc', 'asciidoc', 'org'],
  ],
  async parse({ path, bytes }: ParseInput): Promise<ParsedDocument> {
    const blocks = decodeText(path, bytes)
      .split(/\n[ \t]*\n/)
      .map((paragraph): Block => ({ kind: 'paragraph', text: paragraph }));
    return documentFromBlocks(path, blocks);
  },
};
