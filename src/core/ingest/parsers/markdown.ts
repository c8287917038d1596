import type { Block, ParsedDocument, ParseInput, Parser } from '../../ports/parser.ts';
import { documentFromBlocks, withTitleHeading } from '../parsed-document.ts';
import { decodeText } from '../text-decoding.ts';
import { plainInline, tableCells } from './markdown-inline.ts';

const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^( {0,3})(`{3,}|~{3,})/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LIST_ITEM = /^([ \t]*)([-*+]|\d{1,9}[.)])(?:[ \t]+(.*))?$/;
const TABLE_DELIMITER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const BLOCK_QUOTE = /^ {0,3}> ?/;
const LINK_DEFINITION = /^ {0,3}\[[^\]]+\]:[ \t]+\S/;
const HTML_COMMENT_START = /^ {0,3}<!--/;
const INDENTED_CODE = /^(?: {4}|\t)/;
const BLANK = /^[ \t]*$/;

/** Markdown (CommonMark and GitHub tables): structure kept, markup characters dropped. */
export const markdownParser: Parser = {
  extensions: ['md', 'markdown', 'mdown', 'mkd'],
  async parse({ path, bytes }: ParseInput): Promise<ParsedDocument> {
    const lines = decodeText(path, bytes).split('\n');
    const frontMatter = readFrontMatter(lines);
    const blocks = markdownBlocks(lines.slice(frontMatter.lineCount));
    if (frontMatter.fields.length > 0) {
      blocks.unshift({ kind: 'paragraph', text: frontMatter.fields.join('\n') });
    }
    const headings = blocks.filter((block) => block.kind === 'heading');
    const title =
      frontMatter.title ?? (headings.find((block) => block.level === 1) ?? headings[0])?.text;
    withTitleHeading(blocks, frontMatter.title);
    return documentFromBlocks(path, blocks, title);
  },
};

/** Reads Markdown lines into blocks; block quotes are read recursively. */
function markdownBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const endParagraph = (): void => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: joinParagraph(paragraph) });
    paragraph = [];
  };
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    const next = lines[index + 1];
    const fence = FENCE.exec(line);
    const heading = ATX_HEADING.exec(line);
    const underline = SETEXT_UNDERLINE.exec(line);
    if (BLANK.test(line)) {
      endParagraph();
      index += 1;
    } else if (paragraph.length > 0 && underline?.[1]) {
      const text = joinParagraph(paragraph);
      paragraph = [];
      blocks.push({ kind: 'heading', level: underline[1].startsWith('=') ? 1 : 2, text });
      index += 1;
    } else if (fence?.[2]) {
      endParagraph();
      const end = closingFence(lines, index + 1, fence[2]);
      const indent = fence[1]?.length ?? 0;
      const code = lines.slice(index + 1, end).map((codeLine) => stripIndent(codeLine, indent));
      blocks.push({ kind: 'code', text: code.join('\n') });
      index = end + 1;
    } else if (heading?.[1]) {
      endParagraph();
      blocks.push({
        kind: 'heading',
        level: heading[1].length,
        text: plainInline(heading[2] ?? ''),
      });
      index += 1;
    } else if (THEMATIC_BREAK.test(line)) {
      endParagraph();
      index += 1;
    } else if (next !== undefined && line.includes('|') && TABLE_DELIMITER.test(next)) {
      endParagraph();
      const rows = [line];
      index += 2;
      while (
        index < lines.length &&
        !BLANK.test(lines[index] ?? '') &&
        lines[index]?.includes('|')
      ) {
        rows.push(lines[index] ?? '');
        index += 1;
      }
      blocks.push({
        kind: 'table',
        text: rows.map((row) => tableCells(row).join(' | ')).join('\n'),
      });
    } else if (BLOCK_QUOTE.test(line)) {
      endParagraph();
      const quoted: string[] = [];
      while (index < lines.length && BLOCK_QUOTE.test(lines[index] ?? '')) {
        quoted.push((lines[index] ?? '').replace(BLOCK_QUOTE, ''));
        index += 1;
      }
      blocks.push(...markdownBlocks(quoted));
    } else if (LIST_ITEM.test(line)) {
      endParagraph();
      const end = listEnd(lines, index);
      blocks.push({ kind: 'list', text: listText(lines.slice(index, end)) });
      index = end;
    } else if (paragraph.length === 0 && INDENTED_CODE.test(line)) {
      let end = index;
      while (
        end < lines.length &&
        (INDENTED_CODE.test(lines[end] ?? '') || BLANK.test(lines[end] ?? ''))
      ) {
        end += 1;
      }
      blocks.push({
        kind: 'code',
        text: lines
          .slice(index, end)
          .map((code) => stripIndent(code, 4))
          .join('\n'),
      });
      index = end;
    } else if (HTML_COMMENT_START.test(line)) {
      endParagraph();
      while (index < lines.length && !(lines[index] ?? '').includes('-->')) index += 1;
      index += 1;
    } else if (paragraph.length === 0 && LINK_DEFINITION.test(line)) {
      index += 1;
    } else {
      paragraph.push(line);
      index += 1;
    }
  }
  endParagraph();
  return blocks;
}

/** Soft line breaks become spaces; hard breaks (two trailing spaces or a backslash) stay. */
function joinParagraph(lines: string[]): string {
  const joined = lines
    .map((line, index) => {
      if (index === lines.length - 1) return line.trim();
      const hardBreak = /(?: {2,}|\\)$/.test(line);
      return line.replace(/(?: {2,}|\\)$/, '').trim() + (hardBreak ? '\n' : ' ');
    })
    .join('');
  return plainInline(joined).replace(/[ \t]{2,}/g, ' ');
}

function closingFence(lines: string[], from: number, opening: string): number {
  const character = opening[0] ?? '`';
  for (let index = from; index < lines.length; index += 1) {
    const candidate = (lines[index] ?? '').trim();
    if (candidate.length >= opening.length && candidate === character.repeat(candidate.length)) {
      return index;
    }
  }
  return lines.length;
}

function stripIndent(line: string, width: number): string {
  const indent = /^[ \t]*/.exec(line)?.[0] ?? '';
  return line.slice(Math.min(indent.replace(/\t/g, '    ').length, width, indent.length));
}

/** A list runs over its items, their indented continuations and blank lines between items. */
function listEnd(lines: string[], start: number): number {
  let index = start + 1;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (BLANK.test(line)) {
      const following = lines[index + 1] ?? '';
      if (BLANK.test(following) || !(LIST_ITEM.test(following) || /^[ \t]+\S/.test(following))) {
        return index;
      }
    } else if (ATX_HEADING.test(line) || FENCE.test(line) || THEMATIC_BREAK.test(line)) {
      return index;
    }
    index += 1;
  }
  return index;
}

/** One line per item: bullets as "- ", numbers kept, nesting as two spaces per level. */
function listText(lines: string[]): string {
  const items: string[] = [];
  const indents: number[] = [];
  for (const line of lines) {
    if (BLANK.test(line)) continue;
    const item = LIST_ITEM.exec(line);
    if (!item) {
      items[items.length - 1] += ` ${plainInline(line.trim())}`;
      continue;
    }
    const indent = (item[1] ?? '').replace(/\t/g, '    ').length;
    while (indents.length > 0 && (indents.at(-1) ?? 0) >= indent + 2) indents.pop();
    if (indents.length === 0 || indent >= (indents.at(-1) ?? 0) + 2) indents.push(indent);
    const marker = /^[-*+]$/.test(item[2] ?? '') ? '-' : (item[2] ?? '-').replace(')', '.');
    items.push(
      `${'  '.repeat(indents.length - 1)}${marker} ${plainInline((item[3] ?? '').trim())}`,
    );
  }
  return items.join('\n');
}

interface FrontMatter {
  lineCount: number;
  title?: string;
  /** Other fields as readable `key: value` lines. */
  fields: string[];
}

/** YAML (`---`) or TOML (`+++`) front matter at the very start of the file. */
function readFrontMatter(lines: string[]): FrontMatter {
  const delimiter = lines[0]?.trim();
  if (delimiter !== '---' && delimiter !== '+++') return { lineCount: 0, fields: [] };
  const end = lines.findIndex(
    (line, index) => index > 0 && (line.trim() === delimiter || line.trim() === '...'),
  );
  if (end < 0) return { lineCount: 0, fields: [] };
  const fields: [string, string[]][] = [];
  for (const line of lines.slice(1, end)) {
    const field = /^([\w.-]+)[ \t]*[:=][ \t]*(.*)$/.exec(line);
    const item = /^[ \t]*-[ \t]+(.*)$/.exec(line);
    if (field?.[1]) fields.push([field[1], [cleanValue(field[2] ?? '')]]);
    else if (item?.[1] && fields.length > 0) fields.at(-1)?.[1].push(cleanValue(item[1]));
  }
  const title = fields.find(([key]) => key.toLowerCase() === 'title')?.[1].join(' ');
  const readable = fields.flatMap(([key, values]) => {
    const value = values.filter((part) => part.length > 0).join(', ');
    return key.toLowerCase() === 'title' || value.length === 0 ? [] : [`${key}: ${value}`];
  });
  return title
    ? { lineCount: end + 1, title, fields: readable }
    : { lineCount: end + 1, fields: readable };
}

/** Drops quotes and list brackets around a front matter value. */
function cleanValue(value: string): string {
  const trimmed = value.trim();
  const list = /^\[(.*)\]$/.exec(trimmed);
  const parts = list ? (list[1] ?? '').split(',') : [trimmed];
  return parts
    .map((part) => part.trim().replace(/^(["'])(.*)\1$/, '$2'))
    .filter((part) => part.length > 0)
    .join(', ');
}
