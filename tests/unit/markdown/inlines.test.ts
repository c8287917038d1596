import { describe, expect, it } from 'vitest';
import { parseInlines } from '../../../src/ui/markdown/inline-parser.ts';
import { citation, emphasis, inlineDepth, inlineText, strong, text } from './markdown-text.ts';

describe('parseInlines', () => {
  it('reads bold, italic with * and _, and both at once', () => {
    expect(parseInlines('**b** *i* _j_ __k__ ***bi***')).toEqual([
      strong(text('b')),
      text(' '),
      emphasis(text('i')),
      text(' '),
      emphasis(text('j')),
      text(' '),
      strong(text('k')),
      text(' '),
      emphasis(strong(text('bi'))),
    ]);
  });

  it('nests emphasis inside bold and bold inside emphasis', () => {
    expect(parseInlines('**a *b* c** *d **e** f*')).toEqual([
      strong(text('a '), emphasis(text('b')), text(' c')),
      text(' '),
      emphasis(text('d '), strong(text('e')), text(' f')),
    ]);
  });

  it('leaves stars and underscores that do not flank text literal', () => {
    expect(parseInlines('2 * 3 * 4, snake_case_name, a ** b, **')).toEqual([
      text('2 * 3 * 4, snake_case_name, a ** b, **'),
    ]);
  });

  it('leaves unclosed emphasis literal in finished text', () => {
    expect(parseInlines('**never closed and *this neither')).toEqual([
      text('**never closed and *this neither'),
    ]);
    // As in CommonMark: the closer takes the nearest opener; the rest stays literal.
    expect(parseInlines('*a **b*')).toEqual([text('*a *'), emphasis(text('b'))]);
  });

  it('reads code spans, whose content stays literal', () => {
    expect(parseInlines('run `npm **i** [1]` or ``a ` b`` or ` x `')).toEqual([
      text('run '),
      { kind: 'code', text: 'npm **i** [1]' },
      text(' or '),
      { kind: 'code', text: 'a ` b' },
      text(' or '),
      { kind: 'code', text: 'x' },
    ]);
    expect(parseInlines('unclosed `tick and ``two')).toEqual([text('unclosed `tick and ``two')]);
  });

  it('honours backslash escapes', () => {
    expect(parseInlines('\\*not\\* \\[2\\] \\` \\a')).toEqual([text('*not* [2] ` \\a')]);
  });

  it('shows a link as its text followed by its URL, never as an anchor', () => {
    expect(parseInlines('see [the *docs* [1]](https://example.org/a_(b) "Title") now')).toEqual([
      text('see '),
      {
        kind: 'link',
        children: [text('the '), emphasis(text('docs')), text(' '), citation(1)],
        url: 'https://example.org/a_(b)',
      },
      text(' now'),
    ]);
    expect(inlineText(parseInlines('[x](javascript:alert(1))'))).toBe('x (javascript:alert(1))');
    expect(parseInlines('[a](<b c>)')).toEqual([text('[a](<b c>)')]);
  });

  it('keeps only the alt text of an image', () => {
    expect(parseInlines('![a *chart* [2]](https://attacker.example/p.png) end')).toEqual([
      { kind: 'image', children: [text('a '), emphasis(text('chart')), text(' '), citation(2)] },
      text(' end'),
    ]);
  });

  it('puts no link inside a link', () => {
    expect(inlineText(parseInlines('[[a](b)](c)'))).toBe('[a (b)](c)');
  });

  it('leaves brackets without a destination, and raw HTML, as text', () => {
    expect(parseInlines('[a] [b](c d) [e](f <img src=x onerror=alert(1)>')).toEqual([
      text('[a] [b](c d) [e](f <img src=x onerror=alert(1)>'),
    ]);
  });

  it('reads [n] as a citation everywhere but in code', () => {
    const inlines = parseInlines('[1] **[2]** *[3]* [[4]](u) ![[5]](u) `[6]` \\[7]');
    const numbers = JSON.stringify(inlines).match(/"number":\d+/g);
    expect(numbers).toEqual(['"number":1', '"number":2', '"number":3', '"number":4', '"number":5']);
    expect(inlineText(inlines)).toBe('[1] [2] [3] [4] (u) [5] [6] [7]');
  });

  it('flattens emphasis nested deeper than six levels, keeping its text', () => {
    const opening = Array.from({ length: 20 }, (_, index) => (index % 2 ? '_a ' : '*a ')).join('');
    const closing = Array.from({ length: 20 }, (_, index) => (index % 2 ? ' b*' : ' b_')).join('');
    const inlines = parseInlines(opening + closing);
    expect(inlineDepth(inlines)).toBe(6);
    expect(inlineText(inlines).replace(/[*_]/g, '')).toBe((opening + closing).replace(/[*_]/g, ''));
  });
});
