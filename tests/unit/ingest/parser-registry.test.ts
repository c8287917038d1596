import { describe, expect, it, vi } from 'vitest';
import { defaultParsers } from '../../../src/core/ingest/default-parsers.ts';
import { ParserRegistry } from '../../../src/core/ingest/parser-registry.ts';
import type { Parser } from '../../../src/core/ports/parser.ts';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('ParserRegistry', () => {
  const registry = new ParserRegistry(defaultParsers, { maxFileBytes: 100 });

  it('finds parsers by extension, ignoring case', () => {
    expect(registry.parserFor('Notes/README.MD')?.extensions).toContain('md');
    expect(registry.parserFor('a/b/page.htm')?.extensions).toContain('html');
    expect(registry.parserFor('photo.png')).toBeUndefined();
    expect(registry.parserFor('.bashrc')?.extensions).toEqual(['']);
    expect(registry.parserFor('project/LICENSE')?.extensions).toEqual(['']);
    expect(registry.extensions()).toContain('json');
    expect(registry.extensions()).not.toContain('');
  });

  it('checks type, emptiness and size before reading', () => {
    expect(() => registry.check('a.png', 10)).toThrow(
      expect.objectContaining({ name: 'UnsupportedFileError' }),
    );
    expect(() => registry.check('a.txt', 0)).toThrow(
      expect.objectContaining({ name: 'EmptyFileError' }),
    );
    expect(() => registry.check('a.txt', 101)).toThrow(
      expect.objectContaining({ name: 'FileTooLargeError' }),
    );
    expect(registry.check('a.txt', 100)).toBe(registry.parserFor('a.txt'));
  });

  it('never calls the reader for a file that fails the checks', async () => {
    const read = vi.fn(async () => bytes('x'));
    await expect(
      registry.parseFile({ path: 'big.txt', size: 10_000, bytes: read }),
    ).rejects.toMatchObject({
      name: 'FileTooLargeError',
    });
    await expect(registry.parseFile({ path: 'a.exe', size: 5, bytes: read })).rejects.toMatchObject(
      {
        name: 'UnsupportedFileError',
      },
    );
    expect(read).not.toHaveBeenCalled();
  });

  it('parses through a reader or with bytes, checking the real length too', async () => {
    const document = await registry.parseFile({
      path: 'a.txt',
      size: 5,
      bytes: async () => bytes('Hello'),
    });
    expect(document.text).toBe('Hello');
    await expect(registry.parse({ path: 'a.txt', bytes: new Uint8Array() })).rejects.toMatchObject({
      name: 'EmptyFileError',
    });
    await expect(
      registry.parseFile({ path: 'a.txt', size: 5, bytes: bytes('x'.repeat(200)) }),
    ).rejects.toMatchObject({
      name: 'FileTooLargeError',
    });
  });

  it('reports an unexpected parser failure as CorruptFileError and passes aborts through', async () => {
    const failing: Parser = {
      extensions: ['bad'],
      parse: async () => {
        throw new TypeError('boom');
      },
    };
    const own = new ParserRegistry([failing]);
    await expect(own.parse({ path: 'x.bad', bytes: bytes('x') })).rejects.toMatchObject({
      name: 'CorruptFileError',
      message: expect.stringContaining('boom'),
    });
    const controller = new AbortController();
    controller.abort();
    await expect(
      own.parse({ path: 'x.bad', bytes: bytes('x'), signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('lets a later parser replace an earlier one for its extensions', () => {
    const custom: Parser = { extensions: ['TXT'], parse: async () => ({ text: 'x', blocks: [] }) };
    expect(new ParserRegistry([...defaultParsers, custom]).parserFor('a.txt')).toBe(custom);
  });
});
