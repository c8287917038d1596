/**
 * What a parse worker serves (`workers/parse.worker.ts`): every parser, with pdf.js started in
 * the worker and OCR asked of the library worker's one shared engine (`connectOcr`), so one
 * tesseract.js worker with its language data serves the whole pool.
 */
import { transfer, wrap } from 'comlink';
import { createParserRegistry } from '../adapters/parsers/index.ts';
import type { ParseReply } from '../adapters/parsers/parser-pool.ts';
import {
  browserPdfResources,
  loadBrowserPdfjs,
  restartBrowserPdfjs,
} from '../adapters/parsers/pdfjs-browser.ts';
import type { ParsedDocument } from '../core/ports/parser.ts';
import { engineOverBridge, type OcrBridge } from './ocr-bridge.ts';

export function createParseWorkerApi() {
  let ocr: OcrBridge | undefined;
  const registry = createParserRegistry({
    loadPdfjs: loadBrowserPdfjs,
    restartPdfjs: () => void restartBrowserPdfjs(),
    pdfResources: browserPdfResources(),
    ocrEngine: () => engineOverBridge(ocr),
  });
  return {
    /** Hands over the port of the library worker's OCR engine (its bridge); once, at start. */
    connectOcr(port: MessagePort): void {
      ocr = wrap<OcrBridge>(port);
    },

    /** Parses a file; its bytes and those of its attachments are moved back, not copied. */
    async parse(path: string, bytes: Uint8Array): Promise<ParseReply> {
      const document = await registry.parse({ path, bytes });
      const attachments = document.attachments?.map((attachment) => ({
        ...attachment,
        bytes: ownBuffer(attachment.bytes),
      }));
      const reply: ParseReply = {
        document: attachments ? { ...document, attachments } : document,
        bytes,
      };
      return transfer(reply, movedBuffers(reply.document, bytes));
    },
  };
}

export type ParseWorkerApi = ReturnType<typeof createParseWorkerApi>;

/**
 * The bytes in a buffer of their own: an attachment is often a view into its container's buffer,
 * which would otherwise be cloned (or moved) whole with each attachment.
 */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : bytes.slice();
}

function movedBuffers(document: ParsedDocument, bytes: Uint8Array): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>([bytes.buffer as ArrayBuffer]);
  for (const attachment of document.attachments ?? []) {
    buffers.add(attachment.bytes.buffer as ArrayBuffer);
  }
  return [...buffers];
}
