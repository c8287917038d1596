import { CorruptFileError, PasswordProtectedError } from '../../core/errors.ts';
import { documentFromBlocks } from '../../core/ingest/parsed-document.ts';
import { extractHtmlBlocks } from '../../core/ingest/parsers/html-blocks.ts';
import type { ParsedDocument, ParseInput, Parser } from '../../core/ports/parser.ts';

/**
 * Word documents through mammoth: converted to HTML (headings, lists and tables survive) and read
 * into blocks like any HTML page; the first top-level heading is the title. mammoth is loaded on
 * the first .docx only. Password-protected files fail with PasswordProtectedError.
 */
export const docxParser: Parser = {
  extensions: ['docx'],
  async parse({ path, bytes }: ParseInput): Promise<ParsedDocument> {
    rejectCompoundFile(path, bytes);
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

/** The signature of an OLE compound file: old Word (.doc) files, and encrypted Office files. */
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** The stream name "EncryptionInfo" as the compound file's directory stores it (UTF-16 LE). */
const ENCRYPTION_INFO = Uint8Array.from(
  [...'EncryptionInfo'].flatMap((character) => [character.charCodeAt(0), 0]),
);

/**
 * A .docx is a ZIP file. A password-protected one is instead an OLE compound file holding an
 * "EncryptionInfo" stream; an old .doc renamed to .docx is one too. Both get a message that says so.
 */
function rejectCompoundFile(path: string, bytes: Uint8Array): void {
  if (!COMPOUND_FILE.every((byte, index) => bytes[index] === byte)) return;
  if (includesBytes(bytes, ENCRYPTION_INFO)) throw new PasswordProtectedError(path);
  throw new CorruptFileError(
    path,
    'it is an old-format Word (.doc) or other Office file with a .docx name; open it in Word and save it as .docx',
  );
}

function includesBytes(bytes: Uint8Array, pattern: Uint8Array): boolean {
  for (let at = bytes.indexOf(pattern[0]!); at >= 0; at = bytes.indexOf(pattern[0]!, at + 1)) {
    if (pattern.every((byte, index) => bytes[at + index] === byte)) return true;
  }
  return false;
}
