/** Test helpers: the text a Markdown tree shows, and small builders for expected trees. */
import type { MarkdownBlock, MarkdownInline } from '../../../src/core/markdown/markdown-tree.ts';
import { parseAnswerMarkdown } from '../../../src/core/markdown/parse-markdown.ts';

export const text = (value: string): MarkdownInline => ({ kind: 'text', text: value });
export const citation = (number: number): MarkdownInline => ({ kind: 'citation', number });
export const strong = (...children: MarkdownInline[]): MarkdownInline => ({
  kind: 'strong',
  children,
});
export const emphasis = (...children: MarkdownInline[]): MarkdownInline => ({
  kind: 'emphasis',
  children,
});
export const paragraph = (...inlines: MarkdownInline[]): MarkdownBlock => ({
  kind: 'paragraph',
  inlines,
});

/** The inlines of `markdown` read as an answer of one paragraph (none when it reads as none). */
export function answerInlines(markdown: string): MarkdownInline[] {
  const [block, ...rest] = parseAnswerMarkdown(markdown);
  if (rest.length > 0 || (block !== undefined && block.kind !== 'paragraph')) {
    throw new Error(`Not one paragraph: ${JSON.stringify(markdown)}`);
  }
  return block?.inlines ?? [];
}

/** What the renderer shows of `inlines`, as one string (a line break as `\n`). */
export function inlineText(inlines: readonly MarkdownInline[]): string {
  return inlines
    .map((inline) => {
      switch (inline.kind) {
        case 'text':
        case 'code':
        case 'html':
          return inline.text;
        case 'break':
          return '\n';
        case 'citation':
          return `[${inline.number}]`;
        case 'link':
          return `${inlineText(inline.children)} (${inline.url})`;
        default:
          return inlineText(inline.children);
      }
    })
    .join('');
}

/** What the renderer shows of `blocks` (a code block's info included), blocks on lines. */
export function blockText(blocks: readonly MarkdownBlock[]): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'paragraph':
        case 'heading':
          return inlineText(block.inlines);
        case 'code':
          return `${block.info}\n${block.text}`;
        case 'html':
          return block.text;
        case 'quote':
          return blockText(block.blocks);
        case 'list':
          return block.items.map(blockText).join('\n');
        case 'rule':
          return '';
        case 'table':
          return [block.header, ...block.rows]
            .map((row) => row.map(inlineText).join(' '))
            .join('\n');
      }
    })
    .join('\n');
}

/** Every citation number in `blocks`, in order. */
export function citationsIn(blocks: readonly MarkdownBlock[]): number[] {
  const found: number[] = [];
  const visitInlines = (inlines: readonly MarkdownInline[]): void => {
    for (const inline of inlines) {
      if (inline.kind === 'citation') found.push(inline.number);
      else if ('children' in inline) visitInlines(inline.children);
    }
  };
  const visitBlocks = (list: readonly MarkdownBlock[]): void => {
    for (const block of list) {
      if (block.kind === 'paragraph' || block.kind === 'heading') visitInlines(block.inlines);
      else if (block.kind === 'quote') visitBlocks(block.blocks);
      else if (block.kind === 'list') block.items.forEach(visitBlocks);
      else if (block.kind === 'table') [block.header, ...block.rows].flat().forEach(visitInlines);
    }
  };
  visitBlocks(blocks);
  return found;
}

/** How deeply quotes and lists nest in `blocks` (0 for none). */
export function containerDepth(blocks: readonly MarkdownBlock[]): number {
  return Math.max(
    0,
    ...blocks.map((block) => {
      if (block.kind === 'quote') return 1 + containerDepth(block.blocks);
      if (block.kind === 'list') return 1 + Math.max(0, ...block.items.map(containerDepth));
      return 0;
    }),
  );
}

/** How deeply inline nodes nest in `inlines`. */
export function inlineDepth(inlines: readonly MarkdownInline[]): number {
  return Math.max(
    0,
    ...inlines.map((inline) => ('children' in inline ? 1 + inlineDepth(inline.children) : 0)),
  );
}
