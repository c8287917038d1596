/**
 * Input built to make a parser slow or deep: 100 KB runs of the characters Markdown reacts to
 * (a parser that searches ahead from every opener, or backtracks, takes minutes on them), and
 * generated Markdown, checked for lost text and unbounded nesting.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAnswerMarkdown } from '../../../src/core/markdown/parse-markdown.ts';
import { blockText, containerDepth, inlineDepth } from './markdown-text.ts';
import type { MarkdownBlock } from '../../../src/core/markdown/markdown-tree.ts';
import { XSS_PAYLOADS } from '../../fixtures/xss-payloads.ts';

const SIZE = 100_000;
/**
 * Linear parsing takes at most 0.3 s here (markdown-it on 50,000 `![`), quadratic work on 100 KB
 * takes minutes. A parse over budget is timed again, twice at most: a loaded machine can hold one
 * up for a second or more, quadratic work is over budget every time.
 */
const BUDGET_MS = 2_000;
const ATTEMPTS = 3;
/** Room for every try of both parses, so that the test's own time limit never cuts them short. */
const TEST_TIMEOUT_MS = 2 * ATTEMPTS * BUDGET_MS + 5_000;

const HOSTILE: Record<string, string> = {
  stars: '*'.repeat(SIZE),
  'stars in a word': `a${'*'.repeat(SIZE)}a`,
  'star, letter': '*a'.repeat(SIZE / 2),
  'underscore, letter': '_a '.repeat(SIZE / 3),
  'star, underscore': '*_'.repeat(SIZE / 2),
  'emphasis openers, then closers': '*a _b '.repeat(SIZE / 12) + ' c_ d*'.repeat(SIZE / 12),
  'opening brackets': '['.repeat(SIZE),
  'closing brackets': ']'.repeat(SIZE),
  'image openers': '!['.repeat(SIZE / 2),
  'link openers without destination end': '[a]('.repeat(SIZE / 4),
  'empty links without end': '[]('.repeat(SIZE / 3),
  'nested parentheses': `[a](${'('.repeat(SIZE / 2)}${')'.repeat(SIZE / 2)}`,
  'citations being written': '[1'.repeat(SIZE / 2),
  backticks: '`'.repeat(SIZE),
  'backtick, space': '` '.repeat(SIZE / 2),
  'backtick runs of growing length': Array.from({ length: 440 }, (_, n) => '`'.repeat(n)).join('a'),
  backslashes: '\\'.repeat(SIZE),
  'quote markers': '>'.repeat(SIZE),
  'quote lines': '> > > > > > a\n'.repeat(SIZE / 14),
  'list markers': '- '.repeat(SIZE / 2),
  'nested list lines': Array.from(
    { length: SIZE / 16 },
    (_, n) => `${' '.repeat(n % 24)}- item`,
  ).join('\n'),
  hashes: '#'.repeat(SIZE),
  'heading of spaces': `# ${' '.repeat(SIZE)}x`,
  fences: '```\n'.repeat(SIZE / 4),
  pipes: `${'|'.repeat(SIZE / 2)}\n${'-|'.repeat(SIZE / 4)}`,
  'wide table': `${'| a '.repeat(SIZE / 8)}|\n${'|---'.repeat(SIZE / 8)}|`,
  'dashes then text': `${'-'.repeat(SIZE)}x`,
  'line ends': 'a\n'.repeat(SIZE / 2),
  'angle brackets': '<a href="'.repeat(SIZE / 9),
};

describe('parseAnswerMarkdown on hostile input', () => {
  it.each(Object.entries(HOSTILE))(
    'parses 100 KB of %s in linear time',
    (_, text) => {
      for (const streaming of [false, true]) {
        let fastest = Infinity;
        let blocks: MarkdownBlock[] = [];
        for (let attempt = 0; attempt < ATTEMPTS && fastest >= BUDGET_MS; attempt += 1) {
          const started = performance.now();
          blocks = parseAnswerMarkdown(text, streaming);
          fastest = Math.min(fastest, performance.now() - started);
        }
        expect(fastest).toBeLessThan(BUDGET_MS);
        expect(containerDepth(blocks)).toBeLessThanOrEqual(4);
        expect(deepestInline(blocks)).toBeLessThanOrEqual(14);
      }
    },
    TEST_TIMEOUT_MS,
  );

  it('loses no letter of the text, whatever Markdown surrounds it', () => {
    // No `!` (an image shows only its alt text), `|` (a table cuts long rows) or quotes (a link
    // title is not shown); every other letter must be shown, in order.
    const piece = fc.constantFrom(
      ...['*', '**', '_', '__', '`', '```', '[', ']', '(', ')', '[1]', '\\', '#', '# ', '> '],
      ...['- ', '1. ', '  ', '\n', '\n\n', '---', '~~~', ' ', 'a', 'b', 'c', 'xyz', 'k_l'],
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.boolean(), (pieces, streaming) => {
        const text = pieces.join('');
        const letters = (value: string) => value.replace(/[^a-z]/g, '');
        expect(letters(blockText(parseAnswerMarkdown(text, streaming)))).toBe(letters(text));
      }),
      { numRuns: 500 },
    );
  });

  it('reads the XSS corpus as text: no HTML node, every payload shown', () => {
    const answer = XSS_PAYLOADS.map((payload) => payload.payload).join('\n\n');
    for (const streaming of [false, true]) {
      const blocks = parseAnswerMarkdown(answer, streaming);
      expect(JSON.stringify(blocks)).not.toContain('"kind":"html"');
      const shown = blockText(blocks);
      const missing = XSS_PAYLOADS.filter((payload) => !shown.includes(payload.visible));
      expect(missing.map((payload) => payload.id)).toEqual([]);
    }
  });

  it('stays within its nesting limits on any text', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('>', '-', ' ', '*', '_', '[', ']', '(', ')', '\n', 'a'),
        }),
        (text) => {
          const blocks = parseAnswerMarkdown(text, false);
          expect(containerDepth(blocks)).toBeLessThanOrEqual(4);
          expect(deepestInline(blocks)).toBeLessThanOrEqual(14);
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** The deepest inline nesting in any block. */
function deepestInline(blocks: readonly MarkdownBlock[]): number {
  return Math.max(
    0,
    ...blocks.map((block) => {
      if (block.kind === 'paragraph' || block.kind === 'heading') return inlineDepth(block.inlines);
      if (block.kind === 'quote') return deepestInline(block.blocks);
      if (block.kind === 'list') return Math.max(0, ...block.items.map(deepestInline));
      if (block.kind === 'table')
        return Math.max(0, ...[block.header, ...block.rows].flat().map(inlineDepth));
      return 0;
    }),
  );
}
