/**
 * A model's answer as a Markdown tree (src/ui/markdown/), for rendering element by element and
 * never as HTML. While the answer streams in, the block it ends in is open-ended: a half-written
 * `**bold`, `` `code ``, link or table already renders as what it will be, and a marker that more
 * text may still complete (`**`, `[1`) is held back, so nothing flickers between updates.
 */
import { BlockParser } from './markdown/block-parser.ts';
import type { MarkdownBlock } from './markdown/markdown-tree.ts';

export function parseAnswer(text: string, streaming = false): MarkdownBlock[] {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line, number) => ({ text: expandLeadingTabs(line), number }));
  const lastWithText = lines.findLastIndex((line) => line.text.trim() !== '');
  return new BlockParser(streaming ? lastWithText : Infinity).parse(lines, 0);
}

/** The heading element for a Markdown heading `level` in an answer headed by `answerLevel`. */
export function headingElement(level: number, answerLevel: number): string {
  return `h${Math.min(6, answerLevel + (level <= 2 ? 1 : 2))}`;
}

/** A tab at the start of a line counts as four spaces (for list nesting). */
function expandLeadingTabs(line: string): string {
  let tabs = 0;
  while (line[tabs] === '\t') tabs += 1;
  return tabs === 0 ? line : '    '.repeat(tabs) + line.slice(tabs);
}
