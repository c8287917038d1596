/** The contracts of a parsed document and of its chunks, checked on every generated case. */
import { expect } from 'vitest';
import { ArchivistError } from '../../src/core/errors.ts';
import { BLOCK_SEPARATOR } from '../../src/core/ports/parser.ts';
import type { ParsedDocument, Parser } from '../../src/core/ports/parser.ts';
import {
  chunkDocument,
  DEFAULT_CHUNKING,
  HEADING_PATH_CHARS,
  type ChunkingOptions,
  type ChunkPiece,
} from '../../src/core/retrieval/chunking.ts';
import { isWellFormed } from './arbitraries.ts';

const KINDS = new Set(['heading', 'paragraph', 'code', 'table', 'list']);

/**
 * `text` is exactly the blocks joined by blank lines, no block is blank, headings have a level
 * 1-6, a title is one tidy line, and no lone surrogate was made from the bytes.
 */
export function expectWellFormedDocument(document: ParsedDocument): void {
  expect(document.text).toBe(document.blocks.map((block) => block.text).join(BLOCK_SEPARATOR));
  expect(document.blocks.length).toBeGreaterThan(0);
  for (const block of document.blocks) {
    expect(KINDS.has(block.kind)).toBe(true);
    expect(block.text.trim()).not.toBe('');
    expect(block.text).toBe(block.text.trimEnd());
    if (block.kind === 'heading') expect([1, 2, 3, 4, 5, 6]).toContain(block.level);
    if (block.page !== undefined)
      expect(Number.isInteger(block.page) && block.page >= 1).toBe(true);
  }
  if (document.title !== undefined) {
    expect(document.title).not.toBe('');
    expect(document.title).toBe(document.title.replace(/\s+/g, ' ').trim());
  }
  expect(isWellFormed(document.text)).toBe(true);
}

/** The outcome of a parse: the document, or the name of the typed error it failed with. */
export type Outcome = { document: ParsedDocument } | { error: string };

/**
 * Parses and returns the outcome; any error that is not one of the project's typed errors with a
 * name in `allowed` fails the test (a TypeError or RangeError is a crash).
 */
export async function parseOutcome(
  parser: Pick<Parser, 'parse'>,
  path: string,
  bytes: Uint8Array,
  allowed: readonly string[],
): Promise<Outcome> {
  try {
    return { document: await parser.parse({ path, bytes }) };
  } catch (error) {
    if (!(error instanceof ArchivistError) || !allowed.includes(error.name)) {
      throw new Error(`parsing ${path} threw ${describe(error)}`, { cause: error });
    }
    expect(error.message).toContain(path);
    return { error: error.name };
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** The options chunkDocument really uses for `options` (its clamping). */
export function resolvedChunking(options: ChunkingOptions = {}): Required<ChunkingOptions> {
  const targetChars = Math.max(1, options.targetChars ?? DEFAULT_CHUNKING.targetChars);
  return {
    targetChars,
    maxChars: Math.max(targetChars, options.maxChars ?? DEFAULT_CHUNKING.maxChars),
    overlapChars: Math.min(
      Math.floor(targetChars / 2),
      options.overlapChars ?? DEFAULT_CHUNKING.overlapChars,
    ),
  };
}

/**
 * Chunks `document` and checks the chunks: in bounds, each the exact slice of the text, none blank
 * or ending in white space, none over the maximum (one character of two UTF-16 units aside),
 * starts and ends strictly increasing, overlaps within the overlap size, every character of every
 * block covered, never two pages in one chunk, heading paths made of the document's headings (the
 * first words of a long one), no surrogate pair cut.
 */
export function expectValidChunks(
  document: ParsedDocument,
  options: ChunkingOptions = {},
): ChunkPiece[] {
  const chunks = chunkDocument(document, options);
  const { maxChars, overlapChars } = resolvedChunking(options);
  const { text } = document;
  const wellFormed = isWellFormed(text);
  const pageAt = new Array<number | undefined>(text.length);
  const headings = new Set<string>();
  const mustCover: number[] = [];
  let offset = 0;
  for (const [index, block] of document.blocks.entries()) {
    const start = index === 0 ? 0 : offset + BLOCK_SEPARATOR.length;
    expect(text.startsWith(block.text, start)).toBe(true);
    for (let position = start; position < start + block.text.length; position += 1) {
      pageAt[position] = block.page;
      if (/\S/.test(text[position] ?? '')) mustCover.push(position);
    }
    if (block.kind === 'heading') headings.add(block.text.trim());
    offset = start + block.text.length;
  }
  if (mustCover.length > 0) expect(chunks.length).toBeGreaterThan(0);
  const covered = new Uint8Array(text.length);
  let previous: ChunkPiece | undefined;
  for (const [ordinal, chunk] of chunks.entries()) {
    // One expect per chunk (expect is slow): the first broken rule, or undefined.
    expect(chunkProblem(chunk, previous), `chunk ${ordinal}`).toBeUndefined();
    for (let index = chunk.start; index < chunk.end; index += 1) covered[index] = 1;
    previous = chunk;
  }
  const missed = mustCover.find((index) => covered[index] !== 1);
  expect(missed, 'a character no chunk covers').toBeUndefined();
  return chunks;

  /** A heading's text, or the first words of a long one and "…". */
  function isHeading(entry: string): boolean {
    if (headings.has(entry)) return true;
    if (entry.length > HEADING_PATH_CHARS + 1 || !entry.endsWith('…')) return false;
    const start = entry.slice(0, -1);
    return [...headings].some((heading) => heading.startsWith(start));
  }

  function chunkProblem(chunk: ChunkPiece, before: ChunkPiece | undefined): string | undefined {
    const { start, end } = chunk;
    if (!Number.isInteger(start) || !Number.isInteger(end)) return 'offsets are not integers';
    if (!(0 <= start && start < end && end <= text.length)) return `range ${start}-${end} outside`;
    if (chunk.text !== text.slice(start, end)) return 'text is not the slice of its range';
    if (chunk.text.trim() === '') return 'blank';
    if (chunk.text !== chunk.text.trimEnd()) return 'ends in white space';
    if (end - start > maxChars && [...chunk.text].length > 1) return `over ${maxChars} characters`;
    if (wellFormed && !isWellFormed(chunk.text)) return 'cuts a surrogate pair';
    if (before && !(start > before.start && end > before.end)) return 'out of order';
    if (before && start < before.end && before.end - start > overlapChars) {
      return `overlaps the one before by ${before.end - start}, over ${overlapChars}`;
    }
    for (let index = start; index < end; index += 1) {
      if (pageAt[index] !== chunk.page && /\S/.test(text[index] ?? '')) return 'spans two pages';
    }
    const stranger = chunk.headingPath.find((heading) => !isHeading(heading));
    if (stranger !== undefined) return `heading path holds "${stranger}", not a heading`;
    return undefined;
  }
}
