import { describe, expect, it } from 'vitest';
import { parseAnswerMarkdown } from '../../../src/core/markdown/parse-markdown.ts';
import {
  blockText,
  citation,
  citationsIn,
  containerDepth,
  paragraph,
  strong,
  text,
} from './markdown-text.ts';

describe('parseAnswerMarkdown: blocks', () => {
  it('splits paragraphs at blank lines and keeps line ends as breaks', () => {
    expect(parseAnswerMarkdown('one\ntwo  \nthree\n\n\nfour')).toEqual([
      paragraph(text('one'), { kind: 'break' }, text('two'), { kind: 'break' }, text('three')),
      paragraph(text('four')),
    ]);
  });

  it('has no blocks for empty text', () => {
    expect(parseAnswerMarkdown(' \n\n \t')).toEqual([]);
  });

  it('reads ATX headings with their level, without closing hashes', () => {
    expect(parseAnswerMarkdown('# Title [1]\n### Sub ##\n####### seven\n#nospace\n# C#')).toEqual([
      { kind: 'heading', level: 1, inlines: [text('Title '), citation(1)] },
      { kind: 'heading', level: 3, inlines: [text('Sub')] },
      paragraph(text('####### seven'), { kind: 'break' }, text('#nospace')),
      { kind: 'heading', level: 1, inlines: [text('C#')] },
    ]);
  });

  it('keeps fenced code as written, citations and markup included', () => {
    const blocks = parseAnswerMarkdown(
      '```ts title\nconst a = **b** [1];\n  <script>x</script>\n```\nafter',
    );
    expect(blocks).toEqual([
      { kind: 'code', info: 'ts title', text: 'const a = **b** [1];\n  <script>x</script>' },
      paragraph(text('after')),
    ]);
    expect(parseAnswerMarkdown('~~~\n```\n~~~')).toEqual([{ kind: 'code', info: '', text: '```' }]);
  });

  it('runs an unclosed fence to the end of the text', () => {
    expect(parseAnswerMarkdown('intro\n````\ncode\n```\nmore')).toEqual([
      paragraph(text('intro')),
      { kind: 'code', info: '', text: 'code\n```\nmore' },
    ]);
  });

  it('reads bulleted and numbered lists, with one level of nesting and more', () => {
    const blocks = parseAnswerMarkdown(
      '- one [1]\n- two\n  - inner **b**\n    1. deeper\n- three\n\n3. c\n4. d',
    );
    expect(blocks).toEqual([
      {
        kind: 'list',
        ordered: false,
        start: 1,
        items: [
          [paragraph(text('one '), citation(1))],
          [
            paragraph(text('two')),
            {
              kind: 'list',
              ordered: false,
              start: 1,
              items: [
                [
                  paragraph(text('inner '), strong(text('b'))),
                  { kind: 'list', ordered: true, start: 1, items: [[paragraph(text('deeper'))]] },
                ],
              ],
            },
          ],
          [paragraph(text('three'))],
        ],
      },
      {
        kind: 'list',
        ordered: true,
        start: 3,
        items: [[paragraph(text('c'))], [paragraph(text('d'))]],
      },
    ]);
  });

  it('starts a new list where the bullet or the number delimiter changes, as CommonMark does', () => {
    const lists = (markdown: string) =>
      parseAnswerMarkdown(markdown).map((block) =>
        block.kind === 'list' ? block.items.length : 0,
      );
    expect(lists('- a\n- b\n* c\n+ d')).toEqual([2, 1, 1]);
    expect(lists('1. a\n2) b')).toEqual([1, 1]);
  });

  it('continues a list item lazily and across a blank line when indented', () => {
    expect(parseAnswerMarkdown('1. first\nlazy line\n\n   second paragraph\n2. next')).toEqual([
      {
        kind: 'list',
        ordered: true,
        start: 1,
        items: [
          [
            paragraph(text('first'), { kind: 'break' }, text('lazy line')),
            paragraph(text('second paragraph')),
          ],
          [paragraph(text('next'))],
        ],
      },
    ]);
  });

  it('lets a bullet or `1.` interrupt a paragraph, but not another number', () => {
    expect(parseAnswerMarkdown('Steps:\n1. a').map((block) => block.kind)).toEqual([
      'paragraph',
      'list',
    ]);
    expect(parseAnswerMarkdown('Notes:\n- a').map((block) => block.kind)).toEqual([
      'paragraph',
      'list',
    ]);
    expect(parseAnswerMarkdown('It was in\n2024. Then')).toHaveLength(1);
  });

  it('reads block quotes with blocks inside and lazy lines', () => {
    expect(parseAnswerMarkdown('> # Q\n> - a [2]\n\n> text\nlazy\n>> inner')).toEqual([
      {
        kind: 'quote',
        blocks: [
          { kind: 'heading', level: 1, inlines: [text('Q')] },
          { kind: 'list', ordered: false, start: 1, items: [[paragraph(text('a '), citation(2))]] },
        ],
      },
      {
        kind: 'quote',
        blocks: [
          paragraph(text('text'), { kind: 'break' }, text('lazy')),
          { kind: 'quote', blocks: [paragraph(text('inner'))] },
        ],
      },
    ]);
  });

  it('reads horizontal rules, and `* * *` as a rule rather than a list', () => {
    expect(parseAnswerMarkdown('a\n\n---\n* * *\n___\n--')).toEqual([
      paragraph(text('a')),
      { kind: 'rule' },
      { kind: 'rule' },
      { kind: 'rule' },
      paragraph(text('--')),
    ]);
  });

  it('reads pipe tables with alignments, padding short rows and cutting long ones', () => {
    expect(
      parseAnswerMarkdown(
        'Table:\n| a | b | c |\n|:--|:-:|--:|\n| 1 [1] | `x\\|y` |\n| 2 | 3 | 4 | 5 |\n\nafter',
      ),
    ).toEqual([
      paragraph(text('Table:')),
      {
        kind: 'table',
        alignments: ['left', 'center', 'right'],
        header: [[text('a')], [text('b')], [text('c')]],
        rows: [
          [[text('1 '), citation(1)], [{ kind: 'code', text: 'x|y' }], []],
          [[text('2')], [text('3')], [text('4')]],
        ],
      },
      paragraph(text('after')),
    ]);
  });

  it('needs a delimiter row as wide as the header for a table', () => {
    expect(parseAnswerMarkdown('| a | b |\n|---|\n| 1 | 2 |').map((block) => block.kind)).toEqual([
      'paragraph',
    ]);
  });

  it('stops nesting quotes and lists at four levels: deeper ones give their text to the fourth', () => {
    const quotes = parseAnswerMarkdown('> > > > > > deep');
    expect(containerDepth(quotes)).toBe(4);
    expect(blockText(quotes)).toBe('deep');
    const list = Array.from({ length: 8 }, (_, depth) => `${'  '.repeat(depth)}- item ${depth}`);
    const lists = parseAnswerMarkdown(list.join('\n'));
    expect(containerDepth(lists)).toBe(4);
    expect(JSON.stringify(lists)).toContain('item 7');
  });

  it('finds citations inside every block', () => {
    const answer = [
      '# H [1]',
      'P [2]',
      '> Q [3]',
      '',
      '- L [4]',
      '  - N [5]',
      '',
      '| T [6] |',
      '| --- |',
      '| C [7] |',
      '',
      '```',
      'not [8]',
      '```',
    ].join('\n');
    expect(citationsIn(parseAnswerMarkdown(answer))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
