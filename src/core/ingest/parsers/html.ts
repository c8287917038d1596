import type { ParsedDocument, ParseInput, Parser } from '../../ports/parser.ts';
import { documentFromBlocks, withTitleHeading } from '../parsed-document.ts';
import { decodeText } from '../text-decoding.ts';
import { extractHtmlBlocks } from './html-blocks.ts';

/**
 * HTML pages, read as text only: scripts, styles and markup are dropped, never run. The <title>
 * leads the document as a heading unless a heading of the page already says the same.
 */
export const htmlParser: Parser = {
  extensions: ['html', 'htm', 'xhtml'],
  async parse({ path, bytes }: ParseInput): Promise<ParsedDocument> {
    const { blocks, title } = extractHtmlBlocks(decodeText(path, bytes, { markup: true }));
    withTitleHeading(blocks, title);
    return documentFromBlocks(path, blocks, title);
  },
};
