import { describe, expect, it } from 'vitest';
import { rebuildDocument } from '../../../src/app/document-text.ts';
import type { Chunk } from '../../../src/core/types.ts';

const TEXT = 'Title\n\nFirst paragraph here.\n\nSecond paragraph, longer.\n\nLast one.';

function chunk(ordinal: number, start: number, end: number): Chunk {
  return {
    id: `c/doc.md#${ordinal}`,
    collectionId: 'c',
    fileId: 'c/doc.md',
    path: 'doc.md',
    ordinal,
    text: TEXT.slice(start, end),
    start,
    end,
    headingPath: [],
  };
}

function rangeOf(part: string): [number, number] {
  const start = TEXT.indexOf(part);
  return [start, start + part.length];
}

describe('rebuildDocument', () => {
  it('joins chunks separated by blank lines back into the parsed text', () => {
    const chunks = ['Title\n\nFirst paragraph here.', 'Second paragraph, longer.', 'Last one.'].map(
      (part, ordinal) => chunk(ordinal, ...rangeOf(part)),
    );
    const rebuilt = rebuildDocument(chunks.reverse());
    expect(rebuilt.text).toBe(TEXT);
    expect(rebuilt.hasGaps).toBe(false);
    const last = rebuilt.ranges.get('c/doc.md#2');
    expect(last && rebuilt.text.slice(last.start, last.end)).toBe('Last one.');
  });

  it('takes overlapping text once and maps each chunk to its place', () => {
    const first = chunk(0, ...rangeOf('Title\n\nFirst paragraph here.\n\nSecond'));
    const second = chunk(1, ...rangeOf('First paragraph here.\n\nSecond paragraph, longer.'));
    const rebuilt = rebuildDocument([first, second]);
    expect(rebuilt.text).toBe('Title\n\nFirst paragraph here.\n\nSecond paragraph, longer.');
    const range = rebuilt.ranges.get(second.id);
    expect(range && rebuilt.text.slice(range.start, range.end)).toBe(second.text);
  });

  it('marks a stretch no chunk covers with a blank line and reports it', () => {
    const rebuilt = rebuildDocument([
      chunk(0, ...rangeOf('Title')),
      chunk(1, ...rangeOf('Last one.')),
    ]);
    expect(rebuilt.text).toBe('Title\n\nLast one.');
    expect(rebuilt.hasGaps).toBe(true);
    const range = rebuilt.ranges.get('c/doc.md#1');
    expect(range && rebuilt.text.slice(range.start, range.end)).toBe('Last one.');
  });
});
