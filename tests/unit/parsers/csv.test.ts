import { describe, expect, it } from 'vitest';
import { csvParser } from '../../../src/core/ingest/parsers/csv.ts';
import { failureName, parseWith } from './parse-helpers.ts';

describe('csvParser', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks', async () => {
    const csv = 'name,notes\r\n"Smith, Ann","said ""hi""\nthen left"\r\nBo,\r\n';
    const document = await parseWith(csvParser, csv, 'people.csv');
    expect(document.blocks).toEqual([
      { kind: 'table', text: 'name | notes\nSmith, Ann | said "hi" then left\nBo |' },
    ]);
  });

  it('repeats the header in every block so each one reads on its own', async () => {
    const rows = Array.from({ length: 45 }, (_, index) => `${index},value ${index}`);
    const document = await parseWith(csvParser, ['id,label', ...rows].join('\n'), 'big.csv');
    expect(document.blocks.length).toBe(3);
    for (const block of document.blocks) {
      expect(block.text.startsWith('id | label\n')).toBe(true);
      expect(block.text.split('\n').length).toBeLessThanOrEqual(21);
    }
    expect(document.text).toContain('44 | value 44');
  });

  it('guesses semicolons and tabs, and reads .tsv as tab-separated', async () => {
    expect((await parseWith(csvParser, 'a;b\n1,5;2', 'x.csv')).text).toBe('a | b\n1,5 | 2');
    expect((await parseWith(csvParser, 'a\tb\n1\t2', 'x.csv')).text).toBe('a | b\n1 | 2');
    expect((await parseWith(csvParser, 'a,b\tc\n1,2\t3', 'x.tsv')).text).toBe('a,b | c\n1,2 | 3');
  });

  it('skips blank rows and keeps a header-only file', async () => {
    expect((await parseWith(csvParser, 'a,b\n,\n\n', 'x.csv')).text).toBe('a | b');
  });

  it('fails with EmptyFileError when there are no cells', async () => {
    expect(await failureName(csvParser, ',,\n,,\n', 'x.csv')).toBe('EmptyFileError');
  });
});
