import { describe, expect, it } from 'vitest';
import { textParser } from '../../../../src/core/ingest/parsers/text.ts';
import { failureName, parseWith } from '../../../support/parse-helpers.ts';

describe('textParser', () => {
  it('makes a paragraph per blank-line-separated run and keeps line breaks', async () => {
    const document = await parseWith(
      textParser,
      'First line\nsecond line\n\n  \n\nNext paragraph.\n',
    );
    expect(document.blocks).toEqual([
      { kind: 'paragraph', text: 'First line\nsecond line' },
      { kind: 'paragraph', text: 'Next paragraph.' },
    ]);
  });

  it('handles a BOM and Windows line endings', async () => {
    const document = await parseWith(textParser, '\ufeffOne\r\n\r\nTwo\r\n');
    expect(document.text).toBe('One\n\nTwo');
  });

  it('fails with EmptyFileError for white space only and BinaryFileError for binary data', async () => {
    expect(await failureName(textParser, ' \n\t\n')).toBe('EmptyFileError');
    expect(await failureName(textParser, new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).toBe(
      'BinaryFileError',
    );
  });

  it('reads a text whose every line has the same tab-separated fields as a table', async () => {
    const table = 'Name\tRole\n"Ada"\tEngineer\nGrace\tAdmiral\n';
    const document = await parseWith(textParser, table, 'export.txt');
    expect(document.text).toBe('Name: Ada; Role: Engineer\n\nName: Grace; Role: Admiral');
  });

  it('keeps text with a few tabs, or tabs on some lines only, as paragraphs', async () => {
    const ragged = 'Title\nName\tRole\nAda\tEngineer\n';
    expect((await parseWith(textParser, ragged)).blocks).toEqual([
      { kind: 'paragraph', text: 'Title\nName\tRole\nAda\tEngineer' },
    ]);
    const short = 'a\tb\nc\td\n';
    expect((await parseWith(textParser, short)).blocks).toHaveLength(1);
  });
});
