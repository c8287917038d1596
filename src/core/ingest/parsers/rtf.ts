import { CorruptFileError } from '../../errors.ts';
import type { ParsedDocument, ParseInput, Parser } from '../../ports/parser.ts';
import { documentFromBlocks, withTitleHeading } from '../parsed-document.ts';
import { readRtf } from './rtf-reader.ts';

/**
 * Rich Text Format files through core's own small reader (`rtf-reader.ts`; see decision 0013 for
 * why no library): paragraphs, headings by outline level, tables, the document's title; text in
 * any code page the file names.
 */
export const rtfParser: Parser = {
  extensions: ['rtf'],
  async parse({ path, bytes }: ParseInput): Promise<ParsedDocument> {
    // RTF is 7-bit text; bytes above ASCII are read one character per byte and decoded in the
    // file's code page by the reader.
    const source = byteString(bytes);
    if (!/^\s*\{\\rtf/.test(source.slice(0, 64))) {
      throw new CorruptFileError(path, 'it does not start with "{\\rtf" as a Rich Text file does');
    }
    const { blocks, title } = readRtf(source);
    withTitleHeading(blocks, title);
    return documentFromBlocks(
      path,
      blocks,
      title ?? blocks.find((block) => block.kind === 'heading')?.text,
    );
  },
};

/** One character per byte (code points 0-255), whatever the platform's "latin1" decoder does. */
function byteString(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    text += String.fromCharCode(...bytes.subarray(start, start + 8192));
  }
  return text;
}
