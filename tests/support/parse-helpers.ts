import { expect } from 'vitest';
import type { ParsedDocument, Parser } from '../../src/core/ports/parser.ts';
import { loadEncodingDetector } from '../../src/core/ingest/encoding-detector.ts';

/** Parses text (UTF-8) or bytes with a parser and checks the document contract. */
export async function parseWith(
  parser: Parser,
  content: string | Uint8Array,
  path = 'notes/file.txt',
): Promise<ParsedDocument> {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  // As the registry does before any parser runs.
  await loadEncodingDetector();
  const document = await parser.parse({ path, bytes });
  expectWellFormed(document);
  return document;
}

/** `text` is exactly the blocks joined by blank lines, and no block is empty. */
export function expectWellFormed(document: ParsedDocument): void {
  expect(document.text).toBe(document.blocks.map((block) => block.text).join('\n\n'));
  for (const block of document.blocks) expect(block.text.trim().length).toBeGreaterThan(0);
}

/** The error name a parse fails with, for `expect(...).toBe('EmptyFileError')`. */
export async function failureName(
  parser: Parser,
  content: string | Uint8Array,
  path = 'notes/file.txt',
): Promise<string> {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  try {
    await parser.parse({ path, bytes });
  } catch (error) {
    return (error as Error).name;
  }
  return 'no error';
}
