import { describe, expect, it } from 'vitest';
import { rowText, tableRowBlocks } from '../../../src/core/ingest/table-rows.ts';

describe('tableRowBlocks', () => {
  it('names the columns in every row, skips empty cells and labels headerless columns', () => {
    const { blocks, warning } = tableRowBlocks(
      [
        ['', '', ''],
        ['Quarter', 'Revenue', ''],
        ['Q3', ' 1,200 ', 'estimate'],
        ['Q4', '', ''],
      ],
      { name: 'Sales 2024' },
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, text: 'Sales 2024' },
      { kind: 'table', text: 'Quarter: Q3; Revenue: 1,200; Column 3: estimate' },
      { kind: 'table', text: 'Quarter: Q4' },
    ]);
    expect(warning).toBeUndefined();
  });

  it('keeps a lone title line above a wider header as a paragraph', () => {
    const { blocks } = tableRowBlocks([
      ['Tide report'],
      ['date', 'height'],
      ['2023-11-02', '3.92'],
    ]);
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'Tide report' },
      { kind: 'table', text: 'date: 2023-11-02; height: 3.92' },
    ]);
  });

  it('reads a one-column table with its header', () => {
    const { blocks } = tableRowBlocks([['name'], ['Ann'], ['Bo']]);
    expect(blocks.map((block) => block.text)).toEqual(['name: Ann', 'name: Bo']);
  });

  it('keeps a header-only table as one line', () => {
    expect(tableRowBlocks([['a', '', 'b']]).blocks).toEqual([{ kind: 'table', text: 'a | b' }]);
  });

  it('stops at the row limit and says how many rows there were', () => {
    const rows = [['n'], ...Array.from({ length: 12 }, (_, index) => [String(index)])];
    const { blocks, warning } = tableRowBlocks(rows, { name: 'Log', maxRows: 10 });
    expect(blocks.filter((block) => block.kind === 'table').length).toBe(10);
    expect(warning).toBe('"Log": only the first 10 of 12 rows were indexed.');
  });

  it('gives nothing for a table without values', () => {
    expect(tableRowBlocks([['', ' ']], { name: 'Empty' }).blocks).toEqual([]);
  });
});

describe('rowText', () => {
  it('joins "header: value" pairs with semicolons', () => {
    expect(rowText(['a', 'b'], ['1', '2'])).toBe('a: 1; b: 2');
  });
});
