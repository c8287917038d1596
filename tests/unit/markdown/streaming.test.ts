import { describe, expect, it } from 'vitest';
import { parseAnswerMarkdown } from '../../../src/core/markdown/parse-markdown.ts';
import type { MarkdownBlock, MarkdownInline } from '../../../src/core/markdown/markdown-tree.ts';
import { blockText, citation, paragraph, strong, text } from './markdown-text.ts';

const ANSWER = [
  '## Findings',
  '',
  'The core is **312 metres** long [1] and was drilled with a `PX-4` rig [2].',
  '',
  '- First, the *pilot* hole [1]',
  '- Then the **main** bore:',
  '  1. to 200 m',
  '  2. to 312 m [3]',
  '',
  '> It took _three_ seasons. [2]',
  '',
  '| Season | Depth |',
  '| --- | ---: |',
  '| 1 | **120 m** |',
  '',
  'See [the report](https://example.org/report) for more.',
].join('\n');

describe('parseAnswerMarkdown while the answer streams in', () => {
  it('renders half-written bold, code and links as what they will be', () => {
    expect(parseAnswerMarkdown('a **bold te', true)).toEqual([
      paragraph(text('a '), strong(text('bold te'))),
    ]);
    expect(parseAnswerMarkdown('run `npm i', true)).toEqual([
      paragraph(text('run '), { kind: 'code', text: 'npm i' }),
    ]);
    expect(parseAnswerMarkdown('see [docs](https://exa', true)).toEqual([
      paragraph(text('see '), { kind: 'link', children: [text('docs')], url: 'https://exa' }),
    ]);
    expect(parseAnswerMarkdown('```py\nprint(', true)).toEqual([
      { kind: 'code', info: 'py', text: 'print(' },
    ]);
  });

  it('holds back a marker that more text may complete', () => {
    expect(parseAnswerMarkdown('text **', true)).toEqual([paragraph(text('text '))]);
    expect(parseAnswerMarkdown('long [1', true)).toEqual([paragraph(text('long '))]);
    expect(parseAnswerMarkdown('long [12345', true)).toEqual([paragraph(text('long [12345'))]);
    expect(parseAnswerMarkdown('a \\', true)).toEqual([paragraph(text('a '))]);
    expect(parseAnswerMarkdown('done [1]', true)).toEqual([paragraph(text('done '), citation(1))]);
  });

  it('makes the table as soon as its delimiter row is being written', () => {
    expect(parseAnswerMarkdown('| a | b |\n| --', true)).toEqual([
      {
        kind: 'table',
        alignments: [undefined, undefined],
        header: [[text('a')], [text('b')]],
        rows: [],
      },
    ]);
  });

  it('leaves only the last block open-ended, and nothing once the answer is complete', () => {
    expect(parseAnswerMarkdown('**a\n\nb', true)).toEqual([
      paragraph(text('**a')),
      paragraph(text('b')),
    ]);
    expect(parseAnswerMarkdown('**a\n\n', true)).toEqual([paragraph(strong(text('a')))]);
    expect(parseAnswerMarkdown('**a', false)).toEqual([paragraph(text('**a'))]);
  });

  it('never shows a Markdown marker and never changes a finished block, at any length', () => {
    const final = parseAnswerMarkdown(ANSWER);
    for (let length = 1; length <= ANSWER.length; length += 1) {
      const blocks = parseAnswerMarkdown(ANSWER.slice(0, length), true);
      expect(visibleWithoutCitations(blocks)).not.toMatch(/[*_`#>|]/);
      expect(blocks.slice(0, -1)).toEqual(final.slice(0, blocks.length - 1));
    }
    expect(parseAnswerMarkdown(ANSWER, true)).toEqual(final);
  });
});

/** The text shown, citations and link URLs left out (a URL may hold any character). */
function visibleWithoutCitations(blocks: readonly MarkdownBlock[]): string {
  const strip = (inlines: MarkdownInline[]): MarkdownInline[] =>
    inlines
      .filter((inline) => inline.kind !== 'citation')
      .map((inline) =>
        inline.kind === 'link'
          ? { kind: 'emphasis', children: strip(inline.children) }
          : 'children' in inline
            ? { ...inline, children: strip(inline.children) }
            : inline,
      );
  const stripBlocks = (list: readonly MarkdownBlock[]): MarkdownBlock[] =>
    list.map((block) => {
      if (block.kind === 'paragraph' || block.kind === 'heading')
        return { ...block, inlines: strip(block.inlines) };
      if (block.kind === 'quote') return { ...block, blocks: stripBlocks(block.blocks) };
      if (block.kind === 'list') return { ...block, items: block.items.map(stripBlocks) };
      if (block.kind === 'table')
        return {
          ...block,
          header: block.header.map(strip),
          rows: block.rows.map((row) => row.map(strip)),
        };
      return block;
    });
  return blockText(stripBlocks(blocks));
}
