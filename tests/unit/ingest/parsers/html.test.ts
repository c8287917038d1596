import { describe, expect, it } from 'vitest';
import { extractHtmlBlocks } from '../../../../src/core/ingest/parsers/html-blocks.ts';
import { htmlParser } from '../../../../src/core/ingest/parsers/html.ts';
import { failureName, parseWith } from '../../../support/parse-helpers.ts';

describe('htmlParser', () => {
  it('keeps headings, paragraphs and the title, and drops markup', async () => {
    const html =
      '<!doctype html><html><head><title>Guide &amp; Map</title><meta charset="utf-8"></head>' +
      '<body><h1 class="x">Guide</h1><p>First   <b>bold</b>\n text.</p><div>Block<br>next line</div>' +
      '<h3>Deep</h3>loose text</body></html>';
    const document = await parseWith(htmlParser, html, 'page.html');
    expect(document.title).toBe('Guide & Map');
    expect(document.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Guide & Map' },
      { kind: 'heading', level: 1, text: 'Guide' },
      { kind: 'paragraph', text: 'First bold text.' },
      { kind: 'paragraph', text: 'Block\nnext line' },
      { kind: 'heading', level: 3, text: 'Deep' },
      { kind: 'paragraph', text: 'loose text' },
    ]);
  });

  it('never keeps scripts, styles, event handlers, comments or templates', async () => {
    const html =
      '<p>Safe</p><script>alert("x")</script><SCRIPT type="module">evil()</SCRIPT >' +
      '<style>p{}</style><img src=x onerror=alert(1)><noscript>no</noscript>' +
      '<template><p>tpl</p></template><!-- <p>hidden</p> --><a href="#" title="a > b">link</a>' +
      '<svg onload="alert(2)"></svg><iframe src="x">frame</iframe>';
    const document = await parseWith(htmlParser, html, 'page.html');
    expect(document.text).toBe('Safe\n\nlink');
  });

  it('drops everything after an unclosed script', async () => {
    expect(
      (await parseWith(htmlParser, '<p>Before</p><script>never(); <p>x</p>', 'a.html')).text,
    ).toBe('Before');
  });

  it('ends a script where the HTML tokenizer does, inside comments too', async () => {
    const page = (script: string): string => `<p>Before</p><script>${script}</script><p>After</p>`;
    const read = async (script: string): Promise<string> =>
      (await parseWith(htmlParser, page(script), 'a.html')).text;
    // A script tag written inside a commented script does not end the outer one.
    expect(await read('<!-- document.write("<SCRIPT src=a.js></script>"); -->')).toBe(
      'Before\n\nAfter',
    );
    expect(await read('<!-- w("<script>") --> if (a < b) x("<!-->")')).toBe('Before\n\nAfter');
    expect(await read('<!-->')).toBe('Before\n\nAfter');
    // Outside a comment, "<script>" is plain script text and the first </script> ends it.
    expect(await read('x = "<script>"; y = 1;')).toBe('Before\n\nAfter');
  });

  it('reads a page of unclosed script comments in one pass (hostile input)', () => {
    const html = `<p>Start</p>${'<script><!--<script>'.repeat(50_000)}`;
    expect(extractHtmlBlocks(html).blocks).toEqual([{ kind: 'paragraph', text: 'Start' }]);
  });

  it('reads the rows and cells of a table that lays out the page as paragraphs', async () => {
    const html =
      '<table><tr><td><h1>Weekly</h1><p>First story.</p><p>Second story.</p>' +
      '<table><tr><th>Year</th><th>Sales</th></tr><tr><td>2014</td><td>12</td></tr></table>' +
      '</td><td>Sidebar</td></tr></table>';
    const document = await parseWith(htmlParser, html, 'page.html');
    expect(document.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Weekly' },
      { kind: 'paragraph', text: 'First story.' },
      { kind: 'paragraph', text: 'Second story.' },
      { kind: 'table', text: 'Year | Sales\n2014 | 12' },
      { kind: 'paragraph', text: 'Sidebar' },
    ]);
  });

  it('ends a paragraph at two line breaks in a row, outside lists and tables', async () => {
    const html = '<div>One<br><br />Two<br>still two<ul><li>a<br><br>b</li></ul></div>';
    expect((await parseWith(htmlParser, html, 'a.html')).blocks).toEqual([
      { kind: 'paragraph', text: 'One' },
      { kind: 'paragraph', text: 'Two\nstill two' },
      { kind: 'list', text: '- a\nb' },
    ]);
  });

  it('reads lists, nested lists and tables', async () => {
    const html =
      '<ul><li>one</li><li>two<ol><li>a</li><li>b</li></ol></li></ul>' +
      '<table><tr><th>Name</th><th>Age</th></tr><tr><td><p>Ann</p></td><td>3</td></tr><tr><td></td><td></td></tr></table>';
    expect(extractHtmlBlocks(html).blocks).toEqual([
      { kind: 'list', text: '- one\n- two\n  1. a\n  2. b' },
      { kind: 'table', text: 'Name | Age\nAnn | 3' },
    ]);
  });

  it('keeps preformatted text as code', () => {
    expect(extractHtmlBlocks('<pre>  a  &lt;b&gt;\n    c</pre>').blocks).toEqual([
      { kind: 'code', text: '  a  <b>\n    c' },
    ]);
  });

  it('shows a lone "<" as text', () => {
    expect(extractHtmlBlocks('<p>1 < 2 and 3 <= 4</p>').blocks[0]?.text).toBe('1 < 2 and 3 <= 4');
  });

  it('fails with EmptyFileError for a page without text', async () => {
    expect(await failureName(htmlParser, '<html><script>x</script></html>', 'a.html')).toBe(
      'EmptyFileError',
    );
  });
});

describe('htmlParser: character references', () => {
  const textOf = (html: string): string | undefined => extractHtmlBlocks(html).blocks[0]?.text;

  it('decodes named, accented and numeric references', () => {
    expect(
      textOf('<p>&lt;&amp;&gt; &quot;&apos; caf&eacute; &Ouml;l &ntilde; &#65;&#x42;&#X1F600;</p>'),
    ).toBe('<&> "\' café Öl ñ AB😀');
    // A no-break space collapses with the white space around it, as all of it does in a paragraph.
    expect(textOf('<p>a&nbsp;b &mdash; &hellip; &euro;5 &copy;</p>')).toBe('a b — … €5 ©');
  });

  it('decodes every HTML5 name, not only the common ones', () => {
    // None of these was among the ~150 names of the table the parser kept before.
    expect(textOf('<p>&bernou; &fjlig; &NotNestedGreaterGreater; &Afr; &half;</p>')).toBe(
      'ℬ fj ⪢̸ 𝔄 ½',
    );
  });

  it('leaves unknown names and bare ampersands alone, accepts legacy forms', () => {
    expect(textOf('<p>AT&T &unknown; &constructor; &amp x&lt &eacute</p>')).toBe(
      'AT&T &unknown; &constructor; & x< é',
    );
  });

  it('leaves out soft hyphens, which split words; keeps joiners and direction marks', () => {
    expect(textOf('<p>hy&shy;phen e\u00adf می&zwnj;خواهم &lrm;d&rlm;</p>')).toBe(
      'hyphen ef می\u200cخواهم \u200ed\u200f',
    );
  });

  it('replaces invalid code points, and reads the C1 range as Windows-1252', () => {
    expect(textOf('<p>&#0;&#xD800;&#x110000; &#128;</p>')).toBe('\uFFFD\uFFFD\uFFFD €');
  });

  it('decodes the title', () => {
    expect(extractHtmlBlocks('<title>R&amp;D &rarr; &Rarr;</title><p>x</p>').title).toBe('R&D → ↠');
  });
});
