import { describe, expect, it } from 'vitest';
import { parseAnswer } from '../../../src/ui/answer-text.ts';

describe('parseAnswer', () => {
  it('splits paragraphs and quotes, with bold runs and citations', () => {
    expect(parseAnswer('**312 metres** [1]\n\n> The core is 312 metres long. [1]')).toEqual([
      {
        kind: 'paragraph',
        runs: [
          { kind: 'text', text: '312 metres', bold: true },
          { kind: 'text', text: ' ', bold: false },
          { kind: 'citation', number: 1 },
        ],
      },
      {
        kind: 'quote',
        runs: [
          { kind: 'text', text: 'The core is 312 metres long. ', bold: false },
          { kind: 'citation', number: 1 },
        ],
      },
    ]);
  });

  it('keeps escaped characters, markup and a lone ** as text', () => {
    const [block] = parseAnswer('a \\*b\\* \\[2\\] <img src=x onerror=alert(1)> 2 ** 3');
    expect(block?.runs).toEqual([
      { kind: 'text', text: 'a *b* [2] <img src=x onerror=alert(1)> 2 ** 3', bold: false },
    ]);
  });

  it('has no blocks for empty text', () => {
    expect(parseAnswer(' \n\n ')).toEqual([]);
  });
});
