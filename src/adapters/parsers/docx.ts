import { CorruptFileError } from '../../core/errors.ts';
import { documentFromBlocks } from '../../core/ingest/parsed-document.ts';
import { extractHtmlBlocks } from '../../core/ingest/parsers/html-blocks.ts';
import type { ParsedDocument, ParseInput, Parser } from '../../core/ports/parser.ts';

/**
 * Word documents through mammoth: converted to HTML (headings, lists and tables survive) and read
 * into blocks like any HTML page; the first top-level heading is the title. mammoth is loaded on
 * the first .docx only.
 */
export const docxParser: Parser = {
  extensions: ['docx'],
  async parse({ path, bytes }: ParseInput): Promise<ParsedDocument> {
    const mammoth = (await import('mammoth')).default;
    const arrayBuffer = bytes.slice().buffer;
    let html: string;
    try {
      // Node's mammoth reads `buffer`, the browser build `arrayBuffer`: give both the same bytes.
      const input = { arrayBuffer, buffer: arrayBuffer };
      html = (await mammoth.convertToHtml(input)).value;
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new CorruptFileError(path, `not a readable Word document: ${detail}`);
    }
    const { blocks } = extractHtmlBlocks(html);
    const headings = blocks.filter((block) => block.kind === 'heading');
    const title = (headings.find((block) => block.level === 1) ?? headings[0])?.text;
    return documentFromBlocks(path, blocks, title);
  },
};
