import { describe, expect, it } from 'vitest';
import { parseDocumentMarkdown } from '../../../src/core/markdown/parse-markdown.ts';
import { containerDepth, emphasis, paragraph, strong, text } from './markdown-text.ts';

describe('parseDocumentMarkdown', () => {
  it('reads all of CommonMark: setext headings, indented code, reference links', () => {
    expect(parseDocumentMarkdown('Title\n===\n\n    code\n\nSee [docs][d].\n\n[d]: /x')).toEqual([
      { kind: 'heading', level: 1, inlines: [text('Title')] },
      { kind: 'code', info: '', text: 'code' },
      paragraph(text('See '), { kind: 'link', children: [text('docs')], url: '/x' }, text('.')),
    ]);
  });

  it('reads soft line ends as spaces and hard breaks as breaks', () => {
    expect(parseDocumentMarkdown('a\nb  \nc\\\nd')).toEqual([
      paragraph(text('a b'), { kind: 'break' }, text('c'), { kind: 'break' }, text('d')),
    ]);
  });

  it('keeps raw HTML as HTML nodes, for ingest to read their text', () => {
    expect(parseDocumentMarkdown('<div>\n*x*\n</div>\n\na <b>b</b>')).toEqual([
      { kind: 'html', text: '<div>\n*x*\n</div>' },
      paragraph(text('a '), { kind: 'html', text: '<b>' }, text('b'), {
        kind: 'html',
        text: '</b>',
      }),
    ]);
  });

  it('decodes character references and keeps strikethrough text', () => {
    expect(parseDocumentMarkdown('&copy; &ThickSpace;~~gone~~ **_both_**')).toEqual([
      paragraph(text('© \u205f\u200agone '), strong(emphasis(text('both')))),
    ]);
  });

  it('nests quotes and lists as deep as they are written', () => {
    expect(containerDepth(parseDocumentMarkdown('> > > > > > deep'))).toBe(6);
  });

  it('reads a link with any scheme and its URL as written', () => {
    expect(parseDocumentMarkdown('[x](javascript:alert(1)) [y](https://例え.jp/ä)')).toEqual([
      paragraph({ kind: 'link', children: [text('x')], url: 'javascript:alert(1)' }, text(' '), {
        kind: 'link',
        children: [text('y')],
        url: 'https://例え.jp/ä',
      }),
    ]);
  });
});
