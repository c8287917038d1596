import type { ParsedDocument, ParseInput, Parser } from '../../core/ports/parser.ts';
import { rejectCompoundFile } from './office/office-container.ts';

/**
 * Word documents through mammoth: converted to HTML (headings, lists and tables survive) and read
 * into blocks like any HTML page; the first top-level heading is the title. Before mammoth, the
 * package is prepared (`docx-package.ts`): headings come from outline levels and heading styles
 * of any name (`docx-styles.ts`), embedded documents (altChunk) are read in their place, ruby
 * keeps its reading; headers and footers follow the text once each. mammoth's messages become the
 * document's warnings (`docx-warnings.ts`). The reader (`docx-document.ts`, with mammoth, fflate
 * and @xmldom/xmldom) loads on the first .docx only. Password-protected files fail with
 * PasswordProtectedError, old .doc files given a .docx name with a message that says so.
 */
export const docxParser: Parser = {
  extensions: ['docx', 'docm'],
  async parse(input: ParseInput): Promise<ParsedDocument> {
    rejectCompoundFile(input.path, input.bytes);
    return (await import('./docx-document.ts')).parseDocx(input);
  },
};
