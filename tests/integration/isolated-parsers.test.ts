import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { IsolatedParsers } from '../../scripts/isolated-parsers.ts';
import { realdoc } from '../support/realdocs.ts';

const text = (value: string) => new TextEncoder().encode(value);
let parsers: IsolatedParsers | undefined;

afterEach(async () => {
  await parsers?.close();
});

describe('IsolatedParsers (Node): parsing in a thread with a memory limit and a deadline', () => {
  it('parses in the thread and hands back the document or the named error', async () => {
    parsers = new IsolatedParsers({ ocr: false });
    const document = await parsers.parse({
      path: 'notes/a.md',
      bytes: text('# Tides\n\nHigh at noon.'),
    });
    expect(document.text).toBe('Tides\n\nHigh at noon.');
    await expect(parsers.parse({ path: 'notes/b.txt', bytes: new Uint8Array(0) })).rejects.toThrow(
      expect.objectContaining({ name: 'EmptyFileError' }),
    );
    await expect(parsers.parse({ path: 'notes/c.json', bytes: text('{"open": ') })).rejects.toThrow(
      expect.objectContaining({ name: 'CorruptFileError' }),
    );
  });

  it('fails a file whose parse fills the heap alone; files asked for with it still parse', async () => {
    // pdf.js's evaluator loops on this file's cyclic pattern (drawing its text-less page for OCR).
    parsers = new IsolatedParsers({ ocr: true, heapMb: 256 });
    const runaway = new Uint8Array(await readFile(realdoc('pdf', 'operator_list_cycle.pdf')));
    const [stopped, after] = await Promise.allSettled([
      parsers.parse({ path: 'pdf/operator_list_cycle.pdf', bytes: runaway }),
      parsers.parse({ path: 'notes/after.txt', bytes: text('Read after the stopped thread.') }),
    ]);
    expect(stopped).toMatchObject({
      status: 'rejected',
      reason: { name: 'ParseWorkerStoppedError' },
    });
    expect(after).toMatchObject({
      status: 'fulfilled',
      value: { text: 'Read after the stopped thread.' },
    });
  });

  it('stops a parse that outlives its deadline', async () => {
    parsers = new IsolatedParsers({ ocr: false, deadlineMs: 1 });
    await expect(parsers.parse({ path: 'notes/slow.txt', bytes: text('x') })).rejects.toThrow(
      expect.objectContaining({ name: 'ParseWorkerStoppedError' }),
    );
  });
});
