import { describe, expect, it } from 'vitest';
import { layoutTables } from '../../../../src/core/ingest/parsers/html-tables.ts';

const judged = (html: string): boolean[] => {
  const layout = layoutTables(html);
  return [...html.matchAll(/<table/gi)].map((match) => layout.has(match.index));
};

describe('layoutTables', () => {
  it('leaves tables of data cells as data', () => {
    expect(
      judged('<table><tr><th>A</th><th>B</th></tr><tr><td><p>1</p></td><td>2</td></tr></table>'),
    ).toEqual([false]);
  });

  it('finds tables that lay out a page', () => {
    // A table holding another table (only the outer one lays out), a heading, a single cell,
    // or cells holding several paragraphs each.
    expect(
      judged(
        '<table><tr><td><table><tr><td>a</td><td>b</td></tr></table></td><td>x</td></tr></table>',
      ),
    ).toEqual([true, false]);
    expect(judged('<table><tr><td><h2>Title</h2></td><td>b</td></tr></table>')).toEqual([true]);
    expect(judged('<table><tr><td>Everything</td></tr></table>')).toEqual([true]);
    expect(
      judged('<table><tr><td><p>a</p><p>b</p></td><td><p>c</p><p>d</p></td></tr></table>'),
    ).toEqual([true]);
  });

  it('judges a table left open at the end of the page', () => {
    expect(judged('<table><tr><td><h1>Unclosed</h1>')).toEqual([true]);
  });
});
