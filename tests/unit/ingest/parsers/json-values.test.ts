import { describe, expect, it } from 'vitest';
import { lineAt, splitJsonValues } from '../../../../src/core/ingest/parsers/json-values.ts';

const sources = (text: string): string[] => splitJsonValues(text).map((piece) => piece.source);

describe('splitJsonValues', () => {
  it('cuts top-level values apart wherever one ends', () => {
    expect(sources('{"a":1}{"b":2}')).toEqual(['{"a":1}', '{"b":2}']);
    expect(sources('1 true\n"x" [2],{"c":"}"}')).toEqual(['1', 'true', '"x"', '[2]', '{"c":"}"}']);
  });

  it('reads a value over several lines, strings ending lines included', () => {
    const text = '{\n  "a": "x"\n,\n  "b": [\n    "y"\n  ]\n}\n{"c": 1}';
    expect(sources(text)).toEqual(['{\n  "a": "x"\n,\n  "b": [\n    "y"\n  ]\n}', '{"c": 1}']);
  });

  it('keeps a broken line from swallowing the lines after it', () => {
    expect(sources('{"a": "unclosed}\n{"b": 2}')).toEqual(['{"a": "unclosed}', '{"b": 2}']);
    expect(sources('}\n{"b": 2}')).toEqual(['}', '{"b": 2}']);
  });

  it('leaves out comments and trailing commas but not their look-alikes in strings', () => {
    expect(sources('{"a": [1, /* two */ ], // end\n"b": "//x,]",\n}')).toEqual([
      '{"a": [1  ], \n"b": "//x,]"\n}',
    ]);
  });

  it('gives each piece its offset, and lineAt its line', () => {
    const text = '{"a":1}\n\n{"b":2}';
    const [, second] = splitJsonValues(text);
    expect(second?.start).toBe(9);
    expect(lineAt(text, second!.start)).toBe(3);
  });
});
