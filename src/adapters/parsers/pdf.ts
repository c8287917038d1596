import type * as Pdfjs from 'pdfjs-dist';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { CorruptFileError } from '../../core/errors.ts';
import { documentFromBlocks } from '../../core/ingest/parsed-document.ts';
import type { Block, ParsedDocument, ParseInput, Parser } from '../../core/ports/parser.ts';
import { paragraphsFromTextItems } from './pdf-text-layout.ts';

/** What the parser uses of pdf.js: the legacy build in Node, the normal build in browsers. */
export type PdfjsModule = Pick<typeof Pdfjs, 'getDocument'>;
export type PdfjsLoader = () => Promise<PdfjsModule>;

/**
 * PDF text through pdf.js: one or more paragraph blocks per page, each with its page number.
 * pdf.js is loaded on the first PDF only. Fonts are not loaded and no code is evaluated. A PDF
 * without a text layer (a scan) fails with EmptyFileError.
 */
export function createPdfParser(loadPdfjs: PdfjsLoader): Parser {
  let pdfjs: Promise<PdfjsModule> | undefined;
  return {
    extensions: ['pdf'],
    async parse({ path, bytes, signal }: ParseInput): Promise<ParsedDocument> {
      pdfjs ??= loadPdfjs().catch((error: unknown) => {
        pdfjs = undefined;
        throw new Error(`the PDF reader could not be loaded: ${String(error)}`);
      });
      const task = (await pdfjs).getDocument({
        // pdf.js may take ownership of the buffer it is given: hand it a copy.
        data: bytes.slice(),
        disableFontFace: true,
        isEvalSupported: false,
        useSystemFonts: false,
        disableAutoFetch: true,
        verbosity: 0,
      });
      try {
        const document = await task.promise.catch((error: unknown) => {
          throw new CorruptFileError(path, describePdfError(error));
        });
        const blocks: Block[] = [];
        for (let number = 1; number <= document.numPages; number += 1) {
          signal?.throwIfAborted();
          const page = await document.getPage(number);
          const content = await page.getTextContent();
          const items = content.items.filter((item): item is TextItem => 'str' in item);
          for (const text of paragraphsFromTextItems(items)) {
            blocks.push({ kind: 'paragraph', text, page: number });
          }
          page.cleanup();
        }
        return documentFromBlocks(path, blocks, await readTitle(document));
      } finally {
        await task.destroy();
      }
    },
  };
}

async function readTitle(document: Pdfjs.PDFDocumentProxy): Promise<string | undefined> {
  try {
    const { info } = await document.getMetadata();
    const title = (info as { Title?: unknown } | undefined)?.Title;
    return typeof title === 'string' && title.trim().length > 0 ? title : undefined;
  } catch {
    return undefined;
  }
}

function describePdfError(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') {
    return 'it is password-protected; save a copy without the password to index it';
  }
  if (name === 'InvalidPDFException') return 'it is not a valid PDF file';
  return `the PDF structure is damaged: ${error instanceof Error ? error.message : String(error)}`;
}
