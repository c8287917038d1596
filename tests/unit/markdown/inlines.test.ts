import { describe, expect, it } from 'vitest';
import { parseAnswerMarkdown } from '../../../src/core/markdown/parse-markdown.ts';
import {
  answerInlines,
  citation,
  emphasis,
  inlineDepth,
  inlineText,
  paragraph,
  strong,
  text,
} from './markdown-text.ts';

describe('parseAnswerMarkdown: inlines', () => {
  it('reads bold, italic with * and _, and both at once', () => {
    expect(answerInlines('**b** *i* _j_ __k__ ***bi***')).toEqual([
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
    expect(answerInlines('**a *b* c** *d **e** f*')).toEqual([
      strong(text('a '), emphasis(text('b')), text(' c')),
      text(' '),
      emphasis(text('d '), strong(text('e')), text(' f')),
    ]);
  });

  it('leaves stars and underscores that do not flank text literal', () => {
    expect(answerInlines('2 * 3 * 4, snake_case_name, a ** b, **')).toEqual([
      text('2 * 3 * 4, snake_case_name, a ** b, **'),
    ]);
  });

  it('leaves unclosed emphasis literal in finished text', () => {
    expect(answerInlines('**never closed and *this neither')).toEqual([
      text('**never closed and *this neither'),
    ]);
    // As in CommonMark: the closer takes the nearest opener; the rest stays literal.
    expect(answerInlines('*a **b*')).toEqual([text('*a *'), emphasis(text('b'))]);
  });

  it('reads code spans, whose content stays literal', () => {
    expect(answerInlines('run `npm **i** [1]` or ``a ` b`` or ` x `')).toEqual([
      text('run '),
      { kind: 'code', text: 'npm **i** [1]' },
      text(' or '),
      { kind: 'code', text: 'a ` b' },
      text(' or '),
      { kind: 'code', text: 'x' },
    ]);
    expect(answerInlines('unclosed `tick and ``two')).toEqual([text('unclosed `tick and ``two')]);
  });

  it('honours backslash escapes', () => {
    expect(answerInlines('\\*not\\* \\[2\\] \\` \\a')).toEqual([text('*not* [2] ` \\a')]);
  });

  it('shows a link as its text followed by its URL, never as an anchor', () => {
    expect(answerInlines('see [the *docs* [1]](https://example.org/a_(b) "Title") now')).toEqual([
      text('see '),
      {
        kind: 'link',
        children: [text('the '), emphasis(text('docs')), text(' '), citation(1)],
        url: 'https://example.org/a_(b)',
      },
      text(' now'),
    ]);
    expect(inlineText(answerInlines('[x](javascript:alert(1))'))).toBe('x (javascript:alert(1))');
    // CommonMark: a destination in angle brackets may hold spaces.
    expect(answerInlines('[a](<b c>)')).toEqual([
      { kind: 'link', children: [text('a')], url: 'b c' },
    ]);
  });

  it('keeps only the alt text of an image', () => {
    expect(answerInlines('![a *chart* [2]](https://attacker.example/p.png) end')).toEqual([
      { kind: 'image', children: [text('a '), emphasis(text('chart')), text(' '), citation(2)] },
      text(' end'),
    ]);
  });

  it('puts no link inside a link', () => {
    expect(inlineText(answerInlines('[[a](b)](c)'))).toBe('[a (b)](c)');
  });

  it('leaves brackets without a destination, and raw HTML, as text', () => {
    expect(answerInlines('[a] [b](c d) [e](f <img src=x onerror=alert(1)>')).toEqual([
      text('[a] [b](c d) [e](f <img src=x onerror=alert(1)>'),
    ]);
  });

  it('reads [n] as a citation everywhere but in code', () => {
    const inlines = answerInlines('[1] **[2]** *[3]* [[4]](u) ![[5]](u) `[6]` \\[7]');
    const numbers = JSON.stringify(inlines).match(/"number":\d+/g);
    expect(numbers).toEqual(['"number":1', '"number":2', '"number":3', '"number":4', '"number":5']);
    expect(inlineText(inlines)).toBe('[1] [2] [3] [4] (u) [5] [6] [7]');
  });

  it('flattens emphasis nested deeper than six levels, keeping its text', () => {
    const opening = Array.from({ length: 20 }, (_, index) => (index % 2 ? '_a ' : '*a ')).join('');
    const closing = Array.from({ length: 20 }, (_, index) => (index % 2 ? ' b*' : ' b_')).join('');
    const inlines = answerInlines(opening + closing);
    expect(inlineDepth(inlines)).toBe(6);
    expect(inlineText(inlines).replace(/[*_]/g, '')).toBe((opening + closing).replace(/[*_]/g, ''));
  });
});

describe('parseAnswerMarkdown: text kept as written', () => {
  it('keeps character references as written, as answers always showed them', () => {
    expect(answerInlines('&amp; &lt;b&gt; &bernou; &#65;')).toEqual([
      text('&amp; &lt;b&gt; &bernou; &#65;'),
    ]);
  });

  it('keeps autolinks, strikethrough and raw HTML as written', () => {
    expect(answerInlines('<https://a.example> ~~old~~ <b onclick="x()">bold</b>')).toEqual([
      text('<https://a.example> ~~old~~ <b onclick="x()">bold</b>'),
    ]);
  });

  it('keeps setext underlines, indented lines and reference definitions as text', () => {
    expect(parseAnswerMarkdown('Title\n===\n\n    indented\n\n[1]: https://a.example')).toEqual([
      paragraph(text('Title'), { kind: 'break' }, text('===')),
      paragraph(text('indented')),
      paragraph(citation(1), text(': https://a.example')),
    ]);
  });
});
