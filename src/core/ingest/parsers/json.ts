import { CorruptFileError } from '../../errors.ts';
import type { Block, ParsedDocument, ParseInput, Parser } from '../../ports/parser.ts';
import { documentFromBlocks } from '../parsed-document.ts';
import { decodeText } from '../text-decoding.ts';
import { lineAt, splitJsonValues } from './json-values.ts';

/** The size a block of lines stops growing at. */
const CHARACTERS_PER_BLOCK = 900;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** Half of a surrogate pair without the other half: JSON can write one as "\ud800". */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Problems listed by name in a document's warnings; past this, only their count. */
const LISTED_PROBLEMS = 3;

/**
 * JSON files as readable `path.to.key: value` lines, one block per top-level entry (split when
 * long). Empty objects and arrays carry no text and are left out. Reads JSON Lines (`.jsonl`,
 * `.ndjson`), values written one after another, and JSONC's comments and trailing commas; a
 * value that does not parse is left out with a warning, and the file fails only when none does.
 */
export const jsonParser: Parser = {
  extensions: ['json', 'jsonl', 'ndjson', 'jsonc'],
  async parse({ path, bytes }: ParseInput): Promise<ParsedDocument> {
    const text = decodeText(path, bytes);
    const values: unknown[] = [];
    const problems: JsonProblem[] = [];
    for (const piece of splitJsonValues(text)) {
      try {
        values.push(JSON.parse(piece.source));
      } catch (error) {
        problems.push({ start: piece.start, message: (error as Error).message });
      }
    }
    if (values.length === 0 && problems.length > 0) {
      throw new CorruptFileError(path, `invalid JSON at ${describeProblem(text, problems[0]!)}`);
    }
    const blocks: Block[] = [];
    const entries = values.length === 1 ? topLevelEntries(values[0]) : indexedEntries(values);
    for (const [key, entry] of entries) {
      const lines: string[] = [];
      flatten(entry, key, lines);
      let block: string[] = [];
      let length = 0;
      for (const line of lines) {
        if (block.length > 0 && length + line.length > CHARACTERS_PER_BLOCK) {
          blocks.push({ kind: 'list', text: block.join('\n') });
          block = [];
          length = 0;
        }
        block.push(line);
        length += line.length + 1;
      }
      blocks.push({ kind: 'list', text: block.join('\n') });
    }
    const document = documentFromBlocks(path, blocks);
    if (problems.length > 0) document.warnings = [skippedValues(text, problems)];
    return document;
  },
};

interface JsonProblem {
  /** Offset of the value in the file's text. */
  start: number;
  message: string;
}

function describeProblem(text: string, problem: JsonProblem): string {
  return `line ${lineAt(text, problem.start)}: ${problem.message}`;
}

function skippedValues(text: string, problems: JsonProblem[]): string {
  const listed = problems
    .slice(0, LISTED_PROBLEMS)
    .map((problem) => describeProblem(text, problem))
    .join('; ');
  const more =
    problems.length > LISTED_PROBLEMS ? ` and ${problems.length - LISTED_PROBLEMS} more` : '';
  return `${problems.length} JSON value(s) that do not parse were left out (${listed}${more})`;
}

function indexedEntries(values: unknown[]): [string, unknown][] {
  return values.map((value, index) => [`[${index}]`, value]);
}

function topLevelEntries(value: unknown): [string, unknown][] {
  if (Array.isArray(value)) return indexedEntries(value);
  if (isObject(value))
    return Object.entries(value).map(([key, item]) => [propertyPath('', key), item]);
  return [['', value]];
}

function flatten(value: unknown, path: string, lines: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => flatten(item, `${path}[${index}]`, lines));
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) flatten(item, propertyPath(path, key), lines);
  } else {
    const text =
      typeof value === 'string'
        ? value.replace(/\s+/g, ' ').trim().replace(LONE_SURROGATE, '\uFFFD')
        : String(value);
    lines.push(path.length > 0 ? `${path}: ${text}` : text);
  }
}

function propertyPath(parent: string, key: string): string {
  if (!IDENTIFIER.test(key)) return `${parent}[${JSON.stringify(key)}]`;
  return parent.length > 0 ? `${parent}.${key}` : key;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
