import type { Block, ParsedDocument, ParseInput, Parser } from '../../ports/parser.ts';
import { documentFromBlocks } from '../parsed-document.ts';
import { decodeText } from '../text-decoding.ts';

/** Plain text files: paragraphs at blank lines, line breaks inside a paragraph kept. */
export const textParser: Parser = {
  extensions: ['txt', 'text'],
  async parse({ path, bytes }: ParseInput): Promise<ParsedDocument> {
    const blocks = decodeText(path, bytes)
      .split(/\n[ \t]*\n/)
      .map((paragraph): Block => ({ kind: 'paragraph', text: paragraph }));
    return documentFromBlocks(path, blocks);
  },
};
