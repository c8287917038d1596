import { describe, expect, it } from 'vitest';
import { sourceCodeParser } from '../../../../src/core/ingest/parsers/source-code.ts';
import { failureName, parseWith } from '../../../support/parse-helpers.ts';

describe('sourceCodeParser', () => {
  it('puts the file name first and splits code at blank lines, keeping indentation', async () => {
    const source = 'import os\n\n\ndef main():\n    print("hi")\n\n    return 0\n';
    const document = await parseWith(sourceCodeParser, source, 'tools/run.py');
    expect(document.title).toBe('run.py');
    expect(document.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'run.py' },
      { kind: 'code', text: 'import os' },
      { kind: 'code', text: 'def main():\n    print("hi")' },
      { kind: 'code', text: '    return 0' },
    ]);
  });

  it('lists the common languages and config formats', () => {
    for (const extension of ['ts', 'py', 'go', 'rs', 'sql', 'yaml', 'toml', 'xml', 'ini']) {
      expect(sourceCodeParser.extensions).toContain(extension);
    }
  });

  it('fails with EmptyFileError for a file of blank lines', async () => {
    expect(await failureName(sourceCodeParser, '\n\n   \n', 'empty.ts')).toBe('EmptyFileError');
  });
});
