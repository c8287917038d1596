import { describe, expect, it } from 'vitest';
import { csvParser } from '../../../../src/core/ingest/parsers/csv.ts';
import { failureName, parseWith } from '../../../support/parse-helpers.ts';

describe('csvParser', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks', async () => {
    const csv = 'name,notes\r\n"Smith, Ann","said ""hi""\nthen left"\r\nBo,\r\n';
    const document = await parseWith(csvParser, csv, 'people.csv');
    expect(document.blocks).toEqual([
      { kind: 'table', text: 'name: Smith, Ann; notes: said "hi" then left' },
      { kind: 'table', text: 'name: Bo' },
    ]);
  });

  it('makes every row a block that names its columns', async () => {
    const rows = Array.from({ length: 45 }, (_, index) => `Q${index},${index * 100}`);
    const document = await parseWith(csvParser, ['Quarter,Revenue', ...rows].join('\n'), 'big.csv');
    expect(document.blocks.length).toBe(45);
    expect(document.blocks[44]).toEqual({ kind: 'table', text: 'Quarter: Q44; Revenue: 4400' });
  });

  it('guesses semicolons and tabs, and reads .tsv as tab-separated', async () => {
    expect((await parseWith(csvParser, 'a;b\n1,5;2', 'x.csv')).text).toBe('a: 1,5; b: 2');
    expect((await parseWith(csvParser, 'a\tb\n1\t2', 'x.csv')).text).toBe('a: 1; b: 2');
    expect((await parseWith(csvParser, 'a,b\tc\n1,2\t3', 'x.tsv')).text).toBe('a,b: 1,2; c: 3');
  });

  it('skips blank rows and keeps a header-only file', async () => {
    expect((await parseWith(csvParser, 'a,b\n,\n\n', 'x.csv')).text).toBe('a | b');
  });

  it('fails with EmptyFileError when there are no cells', async () => {
    expect(await failureName(csvParser, ',,\n,,\n', 'x.csv')).toBe('EmptyFileError');
  });
});
