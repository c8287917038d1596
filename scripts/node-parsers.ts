import { createParserRegistry } from '../src/adapters/parsers/index.ts';
import type { ParserRegistry } from '../src/core/ingest/parser-registry.ts';

/** Every parser, with pdf.js's legacy build (the one that runs in Node). */
export function createNodeParsers(): ParserRegistry {
  return createParserRegistry({ loadPdfjs: () => import('pdfjs-dist/legacy/build/pdf.mjs') });
}
