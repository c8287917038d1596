/**
 * Properties of the pure parsers (text, Markdown, HTML, CSV, JSON, source code), called directly
 * and through the registry, on arbitrary strings and bytes: a well-formed document that chunks
 * cleanly, or one of the typed errors the parser documents; never a TypeError or RangeError;
 * the same outcome every time.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultParsers } from '../../src/core/ingest/default-parsers.ts';
import { ParserRegistry } from '../../src/core/ingest/parser-registry.ts';
import { csvParser } from '../../src/core/ingest/parsers/csv.ts';
import { htmlParser } from '../../src/core/ingest/parsers/html.ts';
import { jsonParser } from '../../src/core/ingest/parsers/json.ts';
import { markdownParser } from '../../src/core/ingest/parsers/markdown.ts';
import { sourceCodeParser } from '../../src/core/ingest/parsers/source-code.ts';
import { textParser } from '../../src/core/ingest/parsers/text.ts';
import type { Parser } from '../../src/core/ports/parser.ts';
import { anyText, CSV, fileBytes, HTML, MARKDOWN, PROSE, textOf } from './arbitraries.ts';
import {
  expectValidChunks,
  expectWellFormedDocument,
  parseOutcome,
  type Outcome,
} from './invariants.ts';
import { checkAsyncProperty, testTimeout } from './runs.ts';
import { loadEncodingDetector } from '../../src/core/ingest/encoding-detector.ts';

// As the registry does before any parser runs.
beforeAll(() => loadEncodingDetector());

/** Every text parser may find the bytes binary or without text. */
const TEXT_ERRORS = ['BinaryFileError', 'EmptyFileError'];

/** JSON values as text, valid or cut off, with the awkward strings of the other formats. */
const jsonText = fc.oneof(
  fc.json(),
  fc.jsonValue().map((value) => JSON.stringify(value, null, 2)),
  fc.tuple(fc.json(), fc.nat()).map(([json, cut]) => json.slice(0, cut % (json.length + 1))),
  fc
    .dictionary(anyText, fc.oneof(anyText, fc.integer(), fc.constant(null)))
    .map((value) => JSON.stringify(value)),
  textOf(['{', '}', '[', ']', '"', ':', ',', '1', 'true', 'null', '\\u00e9', '\\']),
);

const cases: { name: string; parser: Parser; path: string; text: fc.Arbitrary<string> }[] = [
  { name: 'text', parser: textParser, path: 'notes/a.txt', text: textOf(PROSE) },
  { name: 'markdown', parser: markdownParser, path: 'notes/a.md', text: textOf(MARKDOWN) },
  { name: 'html', parser: htmlParser, path: 'site/a.html', text: textOf(HTML) },
  { name: 'csv', parser: csvParser, path: 'data/a.csv', text: textOf(CSV) },
  { name: 'tsv', parser: csvParser, path: 'data/a.tsv', text: textOf(CSV) },
  { name: 'json', parser: jsonParser, path: 'data/a.json', text: jsonText },
  { name: 'code', parser: sourceCodeParser, path: 'src/a.py', text: textOf(PROSE) },
];

async function checkedOutcome(
  parser: Pick<Parser, 'parse'>,
  path: string,
  bytes: Uint8Array,
  allowed: readonly string[],
): Promise<Outcome> {
  const outcome = await parseOutcome(parser, path, bytes, allowed);
  if ('document' in outcome) {
    expectWellFormedDocument(outcome.document);
    expectValidChunks(outcome.document);
  }
  return outcome;
}

describe('text parsers (property)', () => {
  for (const { name, parser, path, text } of cases) {
    const allowed = name === 'json' ? [...TEXT_ERRORS, 'CorruptFileError'] : TEXT_ERRORS;

    it(
      `${name}: bytes of its own format parse to a valid document or a typed error, deterministically`,
      async () => {
        await checkAsyncProperty(fileBytes(text), async (bytes) => {
          const first = await checkedOutcome(parser, path, bytes, allowed);
          const again = await parseOutcome(parser, path, bytes.slice(), allowed);
          expect(again).toEqual(first);
        });
      },
      testTimeout(),
    );

    it(
      `${name}: any text or bytes parse to a valid document or a typed error`,
      async () => {
        await checkAsyncProperty(fileBytes(anyText), async (bytes) => {
          await checkedOutcome(parser, path, bytes, allowed);
        });
      },
      testTimeout(),
    );
  }

  it(
    'the registry turns any file into a document or a typed error, never a crash',
    async () => {
      const registry = new ParserRegistry(defaultParsers, { maxFileBytes: 2_000 });
      const extension = fc.constantFrom(
        ...registry.extensions(),
        'TXT',
        'Md',
        'png',
        'pdf',
        '',
        'tar.gz',
      );
      const file = fc.record({
        name: fc.oneof(fc.constantFrom('a', '.bashrc', 'dir.d/file', 'x y'), fc.string()),
        extension,
        bytes: fc.oneof(fileBytes(anyText), fileBytes(textOf(MARKDOWN)), fileBytes(textOf(HTML))),
      });
      await checkAsyncProperty(file, async ({ name, extension, bytes }) => {
        const path = extension ? `${name}.${extension}` : name;
        await checkedOutcome(registry, path, bytes, [
          ...TEXT_ERRORS,
          'CorruptFileError',
          'UnsupportedFileError',
          'FileTooLargeError',
        ]);
      });
    },
    testTimeout(),
  );
});
