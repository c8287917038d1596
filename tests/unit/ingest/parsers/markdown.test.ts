import { describe, expect, it } from 'vitest';
import { markdownParser } from '../../../../src/core/ingest/parsers/markdown.ts';
import type { Block } from '../../../../src/core/ports/parser.ts';
import { failureName, parseWith } from '../../../support/parse-helpers.ts';

const blocksOf = async (markdown: string): Promise<Block[]> =>
  (await parseWith(markdownParser, markdown, 'note.md')).blocks;

describe('markdownParser', () => {
  it('reads ATX and setext headings with their levels', async () => {
    const blocks = await blocksOf('# One #\n\nTwo\n===\n\nThree\n---\n\n###### Six\n\n#NoSpace');
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'One' },
      { kind: 'heading', level: 1, text: 'Two' },
      { kind: 'heading', level: 2, text: 'Three' },
      { kind: 'heading', level: 6, text: 'Six' },
      { kind: 'paragraph', text: '#NoSpace' },
    ]);
  });

  it('joins soft-wrapped lines, keeps hard breaks and drops inline markup', async () => {
    const blocks = await blocksOf(
      'A **bold** and *italic* [link](http://x.y "t") with `a*b`\nwrapped line  \nhard break\\\nend',
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'A bold and italic link with a*b wrapped line\nhard break\nend' },
    ]);
  });

  it('removes markup that spans soft line breaks', async () => {
    expect(await blocksOf('Some **bold\ntext** and a [long\nlink](http://x.y).')).toEqual([
      { kind: 'paragraph', text: 'Some bold text and a long link.' },
    ]);
  });

  it('keeps fenced code verbatim, blank lines included, and reads indented code', async () => {
    const blocks = await blocksOf(
      '```python\ndef f():\n\n    return "# not a heading"\n```\n\n    x = 1\n    y = 2',
    );
    expect(blocks).toEqual([
      { kind: 'code', text: 'def f():\n\n    return "# not a heading"' },
      { kind: 'code', text: 'x = 1\ny = 2' },
    ]);
  });

  it('treats an unclosed fence as code to the end', async () => {
    expect(await blocksOf('~~~\ncode\n# still code')).toEqual([
      { kind: 'code', text: 'code\n# still code' },
    ]);
  });

  it('reads lists with nesting, numbers and continuation lines', async () => {
    const blocks = await blocksOf(
      '* one\n  more of one\n    - nested\n* two\n\n3) three\n1) four\n\nAfter.',
    );
    expect(blocks).toEqual([
      { kind: 'list', text: '- one more of one\n  - nested\n- two' },
      { kind: 'list', text: '3. three\n4. four' },
      { kind: 'paragraph', text: 'After.' },
    ]);
  });

  it('reads items of several paragraphs and lists nested three deep', async () => {
    const blocks = await blocksOf(
      '1. first\n\n   still first\n   - a\n     1. deep `code`\n        - deeper\n2. second',
    );
    expect(blocks).toEqual([
      {
        kind: 'list',
        text: '1. first still first\n  - a\n    1. deep code\n      - deeper\n2. second',
      },
    ]);
  });

  it('starts a new list where the bullet changes, as CommonMark does', async () => {
    expect(await blocksOf('- a\n+ b')).toEqual([
      { kind: 'list', text: '- a' },
      { kind: 'list', text: '- b' },
    ]);
  });

  it('reads tables without the delimiter row, escaped pipes kept in cells and code', async () => {
    const blocks = await blocksOf(
      '| Name | Code |\n|:-----|-----:|\n| pipe | `a\\|b` |\n| esc \\| x | *y* |',
    );
    expect(blocks).toEqual([{ kind: 'table', text: 'Name | Code\npipe | a|b\nesc | x | y' }]);
  });

  it('reads block quotes, drops rules, comments and link definitions', async () => {
    const blocks = await blocksOf(
      '> quoted\n> text\n\n***\n\n<!-- hidden\nstill hidden -->\n\n[id]: http://example.com\n\nVisible',
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'quoted text' },
      { kind: 'paragraph', text: 'Visible' },
    ]);
  });

  it('turns front matter into a title heading and readable fields', async () => {
    const document = await parseWith(
      markdownParser,
      '---\ntitle: "Trip, 2024"\ntags: [ice, "lake"]\nauthors:\n  - Ana\n  - Bo\nempty:\n---\nBody text.',
      'trip.md',
    );
    expect(document.title).toBe('Trip, 2024');
    expect(document.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Trip, 2024' },
      { kind: 'paragraph', text: 'tags: ice, lake\nauthors: Ana, Bo' },
      { kind: 'paragraph', text: 'Body text.' },
    ]);
  });

  it('takes the first level-1 heading as title when there is no front matter', async () => {
    const document = await parseWith(markdownParser, 'intro\n\n## Sub\n\n# Main', 'a.md');
    expect(document.title).toBe('Main');
  });

  it('reads 100 KB of nested emphasis, lists or quotes without running out of stack', async () => {
    const nested = '*a _b '.repeat(8_000) + ' c_ d*'.repeat(8_000);
    const words = nested.replace(/[*_]/g, '').replace(/ +/g, ' ').trim();
    expect((await blocksOf(nested))[0]?.text).toBe(words);
    expect((await blocksOf('- '.repeat(50_000) + 'x'))[0]?.kind).toBe('list');
    // Past 100 levels markdown-it drops what is nested deeper: here all of it.
    expect(await failureName(markdownParser, '>'.repeat(100_000) + ' x', 'a.md')).toBe(
      'EmptyFileError',
    );
  }, 20_000);

  it('fails with EmptyFileError when only markup remains', async () => {
    expect(await failureName(markdownParser, '---\n\n***\n\n<!-- x -->\n', 'a.md')).toBe(
      'EmptyFileError',
    );
  });
});

describe('markdownParser: inline Markdown', () => {
  const textOf = async (markdown: string): Promise<string> =>
    (await parseWith(markdownParser, markdown, 'note.md')).text;

  it('keeps snake_case, arithmetic and escaped characters, drops emphasis markers', async () => {
    expect(await textOf('snake_case_name and 2 * 3 * 4 and \\*literal\\* and _emphasis_')).toBe(
      'snake_case_name and 2 * 3 * 4 and *literal* and emphasis',
    );
    // As every CommonMark reader shows it: `*` inside a word is emphasis, `_` is not.
    expect(await textOf('2*3*4 and 2_3_4')).toBe('234 and 2_3_4');
    expect(await textOf('***both*** **strong *nested* text** ~~old~~')).toBe(
      'both strong nested text old',
    );
  });

  it('keeps link and image text, drops targets, autolink brackets and tags', async () => {
    expect(
      await textOf('![a cat](cat.png) [docs][ref] <https://x.y/z> a<br/>b [x](javascript:y)'),
    ).toBe('a cat [docs][ref] https://x.y/z ab x');
    expect(await textOf('See [the docs][ref].\n\n[ref]: https://example.org "Docs"')).toBe(
      'See the docs.',
    );
  });

  it('decodes every HTML5 named character reference and numeric ones', async () => {
    // ThickSpace, bernou and fjlig were not among the ~150 names the old table knew.
    expect(await textOf('&amp; &ThickSpace;| &bernou; &fjlig; &eacute; &#65;&#x1F600; &#0;')).toBe(
      '& \u205f\u200a| ℬ fj é A😀 \ufffd',
    );
  });

  it('leaves out soft hyphens, which split words; keeps joiners and direction marks', async () => {
    expect(await textOf('hy&shy;phen e\u00adf می&zwnj;خواهم &lrm;d&rlm;')).toBe(
      'hyphen ef می\u200cخواهم \u200ed\u200f',
    );
  });

  it('leaves unknown names, references without a semicolon and code as written', async () => {
    expect(await textOf('AT&T &unknown; &amp x `&amp;` &constructor;')).toBe(
      'AT&T &unknown; &amp x &amp; &constructor;',
    );
  });

  it('keeps the text of inline and block HTML, without its tags, scripts or comments', async () => {
    const blocks = await blocksOf(
      'H<sub>2</sub>O <!-- note -->\n\n<div align="center">\n<p>Centred &copy;</p>\n<script>evil()</script>\n</div>',
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'H2O' },
      { kind: 'paragraph', text: 'Centred ©' },
    ]);
  });

  it('keeps a fence info string out of the code, and tildes and longer fences working', async () => {
    expect(await blocksOf('````md\n```\nnot closed yet\n````\n\n~~~\n~~~~')).toEqual([
      { kind: 'code', text: '```\nnot closed yet' },
    ]);
  });
});
