/**
 * Properties of the chunker and its sentence and word splitting, on arbitrary documents of the
 * shape parsers produce (blocks of every kind, pages or none) and arbitrary chunking options.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EmptyFileError } from '../../src/core/errors.ts';
import { documentFromBlocks } from '../../src/core/ingest/parsed-document.ts';
import type { Block, ParsedDocument } from '../../src/core/ports/parser.ts';
import { chunkDocument, type ChunkingOptions } from '../../src/core/retrieval/chunking.ts';
import { splitSentences, splitWords, type TextRange } from '../../src/core/retrieval/sentences.ts';
import { anyText, isWellFormed, PROSE, textOf } from './arbitraries.ts';
import { expectValidChunks } from './invariants.ts';
import { checkProperty, testTimeout } from './runs.ts';

const WORDS = [
  ...PROSE,
  'the',
  'Varnholm',
  'sediment',
  'core',
  'VH-7',
  'is',
  '312',
  'metres',
  'long.',
  'Mr.',
  'No.',
  'A.',
  'B.',
  '1.',
  'def',
  'x = 1',
  '  indented',
  '😀😀',
  '中文。',
  'Hello!',
  '"Quoted."',
  'supercalifragilisticexpialidocious',
];

/** Prose: words joined by spaces and the odd line break, a few hundred of them at most. */
const prose = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(' ', ' ', ' ', '\n', '  ', '')), {
    maxLength: 400,
    size: 'max',
  })
  .map((parts) => parts.map(([word, space]) => word + space).join(''));

const blockText = fc.oneof(
  { weight: 4, arbitrary: prose },
  { weight: 2, arbitrary: textOf(WORDS, 40) },
  { weight: 1, arbitrary: anyText },
);

const block: fc.Arbitrary<Block> = fc
  .record({
    kind: fc.constantFrom<Block['kind']>(
      'heading',
      'paragraph',
      'paragraph',
      'code',
      'table',
      'list',
    ),
    level: fc.integer({ min: 1, max: 6 }),
    text: blockText,
  })
  .map(({ kind, level, text }) => (kind === 'heading' ? { kind, level, text } : { kind, text }));

/** Blocks with no pages, or with pages that never go back (as a PDF's). */
const blocks: fc.Arbitrary<Block[]> = fc.oneof(
  fc.array(block, { maxLength: 30 }),
  fc.array(fc.tuple(block, fc.integer({ min: 0, max: 2 })), { maxLength: 30 }).map((items) => {
    let page = 1;
    return items.map(([item, step]) => {
      page += step;
      return { ...item, page };
    });
  }),
);

const options: fc.Arbitrary<ChunkingOptions> = fc.oneof(
  fc.constant({}),
  fc.record(
    {
      targetChars: fc.integer({ min: 1, max: 2_000 }),
      maxChars: fc.integer({ min: 1, max: 3_000 }),
      overlapChars: fc.integer({ min: 0, max: 600 }),
    },
    { requiredKeys: [] },
  ),
  fc.record({
    targetChars: fc.integer({ min: 1, max: 40 }),
    maxChars: fc.integer({ min: 1, max: 60 }),
    overlapChars: fc.integer({ min: 0, max: 20 }),
  }),
);

/** The document parsers would make of the blocks, or undefined when none has text. */
function documentOf(items: Block[]): ParsedDocument | undefined {
  try {
    return documentFromBlocks('a.txt', items);
  } catch (error) {
    expect(error).toBeInstanceOf(EmptyFileError);
    return undefined;
  }
}

/** Ranges in order, apart, in `within`, with no outer white space, covering every other character. */
function expectCovering(text: string, within: TextRange, ranges: TextRange[]): void {
  let previousEnd = within.start;
  for (const range of ranges) {
    expect(range.start).toBeGreaterThanOrEqual(previousEnd);
    expect(range.end).toBeGreaterThan(range.start);
    expect(range.end).toBeLessThanOrEqual(within.end);
    const piece = text.slice(range.start, range.end);
    expect(piece).toBe(piece.trim());
    expect(text.slice(previousEnd, range.start).trim()).toBe('');
    previousEnd = range.end;
  }
  expect(text.slice(previousEnd, within.end).trim()).toBe('');
}

describe('chunking (property)', () => {
  it(
    'chunks lie in the text in order, are its exact slices, cover every block and respect the sizes',
    () => {
      checkProperty(fc.tuple(blocks, options), ([items, chunking]) => {
        const document = documentOf(items);
        if (document) expectValidChunks(document, chunking);
      });
    },
    testTimeout(),
  );

  it(
    'chunking is deterministic',
    () => {
      checkProperty(fc.tuple(blocks, options), ([items, chunking]) => {
        const document = documentOf(items);
        if (!document) return;
        // Compared as JSON: toEqual is slow on thousands of chunks.
        expect(JSON.stringify(chunkDocument(structuredClone(document), chunking))).toBe(
          JSON.stringify(chunkDocument(document, chunking)),
        );
      });
    },
    testTimeout(),
  );

  it(
    'splitSentences covers the text with trimmed, ordered ranges',
    () => {
      checkProperty(
        fc.tuple(fc.oneof(prose, anyText), fc.nat({ max: 1_000 })),
        ([text, offset]) => {
          const ranges = splitSentences(text, offset).map(({ start, end }) => ({
            start: start - offset,
            end: end - offset,
          }));
          expectCovering(text, { start: 0, end: text.length }, ranges);
        },
      );
    },
    testTimeout(),
  );

  it(
    'splitWords cuts a range into trimmed pieces of at most `size`, never inside a surrogate pair',
    () => {
      const input = fc
        .tuple(fc.oneof(prose, anyText), fc.nat(), fc.nat(), fc.integer({ min: 1, max: 200 }))
        .map(([text, a, b, size]) => {
          const start = text.length === 0 ? 0 : a % (text.length + 1);
          const end = start + (text.length === 0 ? 0 : b % (text.length - start + 1));
          return { text, range: { start, end }, size };
        });
      checkProperty(input, ({ text, range, size }) => {
        const pieces = splitWords(text, range, size);
        expectCovering(text, range, pieces);
        for (const piece of pieces) {
          const content = text.slice(piece.start, piece.end);
          if (piece.end - piece.start > size) expect([...content]).toHaveLength(1);
          if (isWellFormed(text.slice(range.start, range.end))) {
            expect(isWellFormed(content)).toBe(true);
          }
        }
      });
    },
    testTimeout(),
  );
});
