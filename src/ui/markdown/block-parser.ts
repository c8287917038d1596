/**
 * The block structure of Markdown, line by line: paragraphs, ATX headings (`#`), fenced code
 * (``` or ~~~; an unclosed fence runs to the end, as it does while the text arrives), block quotes,
 * bulleted and numbered lists (items indented two spaces or more nest), horizontal rules and pipe
 * tables. Quotes and list items are parsed again inside; past MAXIMUM_CONTAINER_DEPTH they are
 * read as plain text, so no input nests deeper. Setext headings, indented code and reference
 * links are not supported: their lines read as paragraphs.
 */
import { parseInlines } from './inline-parser.ts';
import type { MarkdownBlock, MarkdownInline } from './markdown-tree.ts';
import { isTableRow, isTableStart, tableOf, type TableLine } from './table.ts';

/** Quotes and lists inside each other deeper than this are read as paragraphs. */
const MAXIMUM_CONTAINER_DEPTH = 4;

export interface SourceLine {
  text: string;
  /** Line number in the whole text. */
  number: number;
}

const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,}) *$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+|$)/;
const QUOTE = /^ {0,3}> ?/;
const LIST_MARKER = /^( {0,3})([-*+]|(\d{1,9})[.)])( +|$)/;

interface ListMarker {
  ordered: boolean;
  start: number;
  /** Column where the item's content starts. */
  contentIndent: number;
  empty: boolean;
}

export class BlockParser {
  /**
   * @param openEndedFrom the number of the last line with text when the text is still arriving
   *   (a block reaching it is open-ended), or Infinity when it is complete.
   */
  constructor(private readonly openEndedFrom: number) {}

  parse(lines: readonly SourceLine[], depth: number): MarkdownBlock[] {
    const blocks: MarkdownBlock[] = [];
    let index = 0;
    while (index < lines.length) {
      const line = lines[index]?.text ?? '';
      if (line.trim() === '') index += 1;
      else if (FENCE.test(line) && isFenceOpening(line)) index = this.code(lines, index, blocks);
      else if (HEADING.test(line)) {
        blocks.push(this.heading(lines[index] as SourceLine));
        index += 1;
      } else if (isRule(line)) {
        blocks.push({ kind: 'rule' });
        index += 1;
      } else if (depth < MAXIMUM_CONTAINER_DEPTH && QUOTE.test(line)) {
        index = this.quote(lines, index, depth, blocks);
      } else if (depth < MAXIMUM_CONTAINER_DEPTH && listMarkerOf(line)) {
        index = this.list(lines, index, depth, blocks);
      } else if (isTableStart(this.tableLine(lines[index]), this.tableLine(lines[index + 1]))) {
        index = this.table(lines, index, blocks);
      } else index = this.paragraph(lines, index, depth, blocks);
    }
    return blocks;
  }

  private code(lines: readonly SourceLine[], start: number, blocks: MarkdownBlock[]): number {
    const [, indent = '', fence = '', info = ''] = FENCE.exec(lines[start]?.text ?? '') ?? [];
    const content: string[] = [];
    let index = start + 1;
    for (; index < lines.length; index += 1) {
      const text = lines[index]?.text ?? '';
      const closing = CLOSING_FENCE.exec(text)?.[1];
      if (closing && closing[0] === fence[0] && closing.length >= fence.length) {
        index += 1;
        break;
      }
      content.push(text.startsWith(indent) ? text.slice(indent.length) : text.trimStart());
    }
    blocks.push({ kind: 'code', info: info.trim(), text: content.join('\n') });
    return index;
  }

  private heading(line: SourceLine): MarkdownBlock {
    const [marker = '', hashes = '#'] = HEADING.exec(line.text) ?? [];
    let content = line.text.slice(marker.length).trimEnd();
    // A closing run of `#` (after a space, or all of it) is not part of the heading.
    let end = content.length;
    while (end > 0 && content[end - 1] === '#') end -= 1;
    if (end === 0 || content[end - 1] === ' ') content = content.slice(0, end).trimEnd();
    return { kind: 'heading', level: hashes.length, inlines: this.inlines(content, [line]) };
  }

  private quote(
    lines: readonly SourceLine[],
    start: number,
    depth: number,
    blocks: MarkdownBlock[],
  ): number {
    const inner: SourceLine[] = [];
    let index = start;
    for (; index < lines.length; index += 1) {
      const line = lines[index] as SourceLine;
      const prefix = QUOTE.exec(line.text)?.[0];
      if (prefix !== undefined)
        inner.push({ text: line.text.slice(prefix.length), number: line.number });
      else if (isText(line.text) && isText(inner.at(-1)?.text) && !interrupts(line.text, depth)) {
        inner.push(line);
      } else break;
    }
    blocks.push({ kind: 'quote', blocks: this.parse(inner, depth + 1) });
    return index;
  }

  private list(
    lines: readonly SourceLine[],
    start: number,
    depth: number,
    blocks: MarkdownBlock[],
  ): number {
    const first = listMarkerOf(lines[start]?.text ?? '') as ListMarker;
    const items: MarkdownBlock[][] = [];
    let index = start;
    while (index < lines.length) {
      const line = lines[index] as SourceLine;
      const marker = listMarkerOf(line.text);
      if (!marker || marker.ordered !== first.ordered || isRule(line.text)) break;
      const item: SourceLine[] = [
        { text: line.text.slice(marker.contentIndent), number: line.number },
      ];
      index += 1;
      for (; index < lines.length; index += 1) {
        const next = lines[index] as SourceLine;
        const indent = next.text.length - next.text.trimStart().length;
        if (next.text.trim() === '') item.push({ text: '', number: next.number });
        else if (indent >= 2) {
          const dedented = next.text.slice(Math.min(indent, marker.contentIndent));
          item.push({ text: dedented, number: next.number });
        } else if (listMarkerOf(next.text) || !isText(item.at(-1)?.text)) break;
        else if (!interrupts(next.text, depth)) item.push(next);
        else break;
      }
      items.push(this.parse(item, depth + 1));
    }
    blocks.push({ kind: 'list', ordered: first.ordered, start: first.start, items });
    return index;
  }

  private table(lines: readonly SourceLine[], start: number, blocks: MarkdownBlock[]): number {
    let index = start + 2;
    while (index < lines.length && isTableRow(lines[index]?.text ?? '')) index += 1;
    const rows = lines
      .slice(start, index)
      .map((line) => ({ text: line.text, openEnded: this.isOpenEnded(line) }));
    const table = tableOf(rows, (text, openEnded) => parseInlines(text, openEnded));
    // A lone `|` being written has no columns yet: nothing to show.
    if (table.header.length > 0) blocks.push(table);
    return index;
  }

  private paragraph(
    lines: readonly SourceLine[],
    start: number,
    depth: number,
    blocks: MarkdownBlock[],
  ): number {
    let index = start + 1;
    while (index < lines.length) {
      const text = lines[index]?.text ?? '';
      if (!isText(text) || interrupts(text, depth)) break;
      if (isTableStart(this.tableLine(lines[index]), this.tableLine(lines[index + 1]))) break;
      index += 1;
    }
    const paragraphLines = lines.slice(start, index);
    const text = paragraphLines.map((line) => line.text.trim()).join('\n');
    blocks.push({ kind: 'paragraph', inlines: this.inlines(text, paragraphLines) });
    return index;
  }

  private inlines(text: string, lines: readonly SourceLine[]): MarkdownInline[] {
    return parseInlines(text, this.isOpenEnded(lines.at(-1)));
  }

  private isOpenEnded(line: SourceLine | undefined): boolean {
    return line !== undefined && line.number >= this.openEndedFrom;
  }

  private tableLine(line: SourceLine | undefined): TableLine | undefined {
    return line && { text: line.text, openEnded: this.isOpenEnded(line) };
  }
}

function isText(line: string | undefined): line is string {
  return line !== undefined && line.trim() !== '';
}

/** Whether `line` starts a block that ends a paragraph before it (else it continues it). */
function interrupts(line: string, depth: number): boolean {
  if ((FENCE.test(line) && isFenceOpening(line)) || HEADING.test(line) || isRule(line)) return true;
  if (depth >= MAXIMUM_CONTAINER_DEPTH) return false;
  if (QUOTE.test(line)) return true;
  // Like CommonMark, only a bullet or `1.` with text interrupts a paragraph ("in 2024. the…").
  const marker = listMarkerOf(line);
  return marker !== undefined && !marker.empty && (!marker.ordered || marker.start === 1);
}

/** A backtick fence's info string cannot hold a backtick (that is inline code). */
function isFenceOpening(line: string): boolean {
  const [, , fence = '', info = ''] = FENCE.exec(line) ?? [];
  return !(fence.startsWith('`') && info.includes('`'));
}

function listMarkerOf(line: string): ListMarker | undefined {
  const match = LIST_MARKER.exec(line);
  if (!match) return undefined;
  const [whole, indent = '', marker = '', digits, spaces = ''] = match;
  const markerEnd = indent.length + marker.length;
  const empty = whole.length === line.length;
  return {
    ordered: digits !== undefined,
    start: digits === undefined ? 1 : Number(digits),
    contentIndent: empty || spaces.length > 4 ? markerEnd + 1 : whole.length,
    empty,
  };
}

/** Three or more `-`, `*` or `_` (the same), with spaces between them or not. */
function isRule(line: string): boolean {
  if (line.length - line.trimStart().length > 3) return false;
  let character: string | undefined;
  let count = 0;
  for (const each of line) {
    if (each === ' ' || each === '\t') continue;
    if (character === undefined && '-*_'.includes(each)) character = each;
    else if (each !== character) return false;
    count += 1;
  }
  return count >= 3;
}
