import { describe, expect, it } from 'vitest';
import { documentFromBlocks, withTitleHeading } from '../../../src/core/ingest/parsed-document.ts';
import type { Block } from '../../../src/core/ports/parser.ts';

describe('documentFromBlocks', () => {
  it('joins tidied blocks with blank lines and drops empty ones', () => {
    const document = documentFromBlocks(
      'a.md',
      [
        { kind: 'heading', level: 1, text: '  Title  ' },
        { kind: 'paragraph', text: '   ' },
        { kind: 'paragraph', text: 'One   \n\n\nTwo\t' },
        { kind: 'code', text: '\n\n    indented();\n\n    again();  \n' },
      ],
      '  The\n title ',
    );
    expect(document.text).toBe('Title\n\nOne\nTwo\n\n    indented();\n\n    again();');
    expect(document.blocks.map((block) => block.kind)).toEqual(['heading', 'paragraph', 'code']);
    expect(document.title).toBe('The title');
  });

  it('keeps block fields such as level and page', () => {
    const document = documentFromBlocks('a.pdf', [{ kind: 'paragraph', text: 'x', page: 3 }]);
    expect(document.blocks[0]).toEqual({ kind: 'paragraph', text: 'x', page: 3 });
    expect(document).not.toHaveProperty('title');
  });

  it('turns lone UTF-16 surrogates into U+FFFD and keeps paired ones', () => {
    const document = documentFromBlocks(
      'mail/a.msg',
      [{ kind: 'paragraph', text: 'a\uD800b \uDC00c 😀' }],
      'Subject \uDBFF',
    );
    expect(document.text).toBe('a\uFFFDb \uFFFDc 😀');
    expect(document.title).toBe('Subject \uFFFD');
  });

  it('throws EmptyFileError when no block has text', () => {
    expect(() => documentFromBlocks('a.md', [{ kind: 'paragraph', text: ' \n ' }])).toThrow(
      expect.objectContaining({ name: 'EmptyFileError' }),
    );
    expect(() => documentFromBlocks('a.md', [])).toThrow(/a\.md/);
  });
});

describe('withTitleHeading', () => {
  it('puts the title first unless a heading already says it', () => {
    const blocks: Block[] = [{ kind: 'paragraph', text: 'Body' }];
    withTitleHeading(blocks, ' My  page ');
    expect(blocks[0]).toEqual({ kind: 'heading', level: 1, text: 'My page' });
    withTitleHeading(blocks, 'My page');
    expect(blocks).toHaveLength(2);
  });

  it('adds nothing to a document without text', () => {
    const blocks: Block[] = [];
    withTitleHeading(blocks, 'Title');
    expect(blocks).toEqual([]);
  });
});
