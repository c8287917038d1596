import { describe, expect, it } from 'vitest';
import { decodeEntities } from '../../../src/core/ingest/parsers/html-entities.ts';
import { extractHtmlBlocks } from '../../../src/core/ingest/parsers/html-blocks.ts';
import { htmlParser } from '../../../src/core/ingest/parsers/html.ts';
import { failureName, parseWith } from './parse-helpers.ts';

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

describe('decodeEntities', () => {
  it('decodes named, accented and numeric references', () => {
    expect(
      decodeEntities(
        '&lt;&amp;&gt; &quot;&apos; caf&eacute; &Ouml;l &ntilde; &#65;&#x42;&#X1F600;',
      ),
    ).toBe('<&> "\' café Öl ñ AB😀');
    expect(decodeEntities('a&nbsp;b &mdash; &hellip; &euro;5 &copy;')).toBe('a b — … €5 ©');
  });

  it('leaves unknown names and bare ampersands alone, accepts legacy forms', () => {
    expect(decodeEntities('AT&T &unknown; &constructor; &amp x&lt')).toBe(
      'AT&T &unknown; &constructor; & x<',
    );
  });

  it('replaces invalid code points', () => {
    expect(decodeEntities('&#0;&#xD800;&#x110000;')).toBe('\uFFFD\uFFFD\uFFFD');
  });
});
