import { describe, expect, it } from 'vitest';
import { untypedTextParser } from '../../../../src/core/ingest/parsers/untyped-text.ts';
import { failureName, parseWith } from '../../../support/parse-helpers.ts';

describe('untypedTextParser', () => {
  it('reads prose without an extension as plain text', async () => {
    const license = 'MIT License\n\nPermission is hereby granted, free of charge.\n';
    const document = await parseWith(untypedTextParser, license, 'project/LICENSE');
    expect(document.blocks.map((block) => block.kind)).toEqual(['paragraph', 'paragraph']);
    expect(document.text).toBe('MIT License\n\nPermission is hereby granted, free of charge.');
  });

  it('reads build and settings files as code under their name', async () => {
    const makefile = 'build:\n\tcc -o app main.c\n\nclean:\n\trm -f app\n';
    const document = await parseWith(untypedTextParser, makefile, 'src/Makefile');
    expect(document.title).toBe('Makefile');
    expect(document.blocks.map((block) => block.kind)).toEqual(['heading', 'code', 'code']);
  });

  it('reads an HTML page saved without its extension as HTML', async () => {
    const page = '\ufeff<!DOCTYPE html><html><title>Saved</title><p>Body &amp; text</p></html>';
    const document = await parseWith(untypedTextParser, page, 'downloads/index');
    expect(document.text).toBe('Saved\n\nBody & text');
  });

  it('refuses binary content with BinaryFileError', async () => {
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await failureName(untypedTextParser, elf, 'bin/tool')).toBe('BinaryFileError');
  });
});
