import type { Parser } from '../ports/parser.ts';
import { csvParser } from './parsers/csv.ts';
import { htmlParser } from './parsers/html.ts';
import { jsonParser } from './parsers/json.ts';
import { markdownParser } from './parsers/markdown.ts';
import { rtfParser } from './parsers/rtf.ts';
import { sourceCodeParser } from './parsers/source-code.ts';
import { textParser } from './parsers/text.ts';
import { untypedTextParser } from './parsers/untyped-text.ts';

/** The parsers that need no library and no DOM: they run in Node, a worker or the page. */
export const defaultParsers: readonly Parser[] = [
  textParser,
  markdownParser,
  htmlParser,
  csvParser,
  jsonParser,
  rtfParser,
  sourceCodeParser,
  untypedTextParser,
];
