import { CorruptFileError } from '../../errors.ts';
import type { Block, ParsedDocument, ParseInput, Parser } from '../../ports/parser.ts';
import { documentFromBlocks } from '../parsed-document.ts';
import { decodeText } from '../text-decoding.ts';

/** The size a block of lines stops growing at. */
const CHARACTERS_PER_BLOCK = 900;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** Half of a surrogate pair without the other half: JSON can write one as "\ud800". */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * JSON files as readable `path.to.key: value` lines, one block per top-level entry (split when
 * long). Empty objects and arrays carry no text and are left out.
 */
export const jsonParser: Parser = {
  extensions: ['json'],
  async parse({ path, bytes }: ParseInput): Promise<ParsedDocument> {
    const text = decodeText(path, bytes);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new CorruptFileError(path, `invalid JSON: ${(error as Error).message}`);
    }
    const blocks: Block[] = [];
    for (const [key, entry] of topLevelEntries(value)) {
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
    return documentFromBlocks(path, blocks);
  },
};

function topLevelEntries(value: unknown): [string, unknown][] {
  if (Array.isArray(value)) return value.map((item, index) => [`[${index}]`, item]);
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
