import { describe, expect, it } from 'vitest';
import { SseParser } from '../../../src/adapters/engines/sse.ts';

const stream =
  ': keep-alive comment\r\n' +
  'data: {"text":"café ✓"}\r\n\r\n' +
  'event: message\nid: 7\ndata: first line\ndata:second line\n\n' +
  'data: cr only\r\r' +
  'retry: 1000\n' +
  'data\n\n' +
  'data: [DONE]\n\n';
const expected = ['{"text":"café ✓"}', 'first line\nsecond line', 'cr only', '', '[DONE]'];

function parse(pieces: Uint8Array[]): string[] {
  const parser = new SseParser();
  return [...pieces.flatMap((piece) => parser.push(piece)), ...parser.finish()];
}

describe('SSE parser', () => {
  const bytes = new TextEncoder().encode(stream);

  it('reads events, multi-line data, comments and every line ending', () => {
    expect(parse([bytes])).toEqual(expected);
  });

  it('gives the same events wherever the bytes are split', () => {
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(parse([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toEqual(
        expected,
      );
    }
  });

  it('gives the same events fed one byte at a time', () => {
    expect(parse(Array.from(bytes, (byte) => Uint8Array.of(byte)))).toEqual(expected);
  });

  it('dispatches a last event that has no blank line after it', () => {
    expect(parse([new TextEncoder().encode('data: a\n\ndata: tail')])).toEqual(['a', 'tail']);
  });
});
