/* eslint-disable no-control-regex -- the test looks for control characters */
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createPdfParser } from '../../src/adapters/parsers/pdf.ts';
import type { ParsedDocument } from '../../src/core/ports/parser.ts';
import { loadNodePdfjs, nodePdfResources } from '../../scripts/node-parsers.ts';
import { expectWellFormed } from '../support/parse-helpers.ts';
import { REALDOCS, realdoc } from '../support/realdocs.ts';

/** Without OCR: the pages without text stay unread, as they do when OCR is off. */
const parser = createPdfParser(loadNodePdfjs, nodePdfResources());

async function parse(name: string): Promise<ParsedDocument> {
  const bytes = new Uint8Array(await readFile(realdoc('pdf', name)));
  return parser.parse({ path: name, bytes });
}

const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
/** What a PDF may fail with: no text layer, a password, damage beyond every page. */
const NAMED_FAILURES = ['EmptyFileError', 'PasswordProtectedError', 'CorruptFileError'];

describe('the real PDFs of shared/realdocs', () => {
  it('reads every file, or fails it with a named error; no control character in any text', async () => {
    const names = await readdir(`${REALDOCS}/pdf`);
    expect(names.length).toBeGreaterThan(60);
    for (const name of names) {
      const outcome = await parse(name).catch((error: unknown) => error as Error);
      if (outcome instanceof Error) {
        expect.soft(NAMED_FAILURES, `${name}: ${outcome.message}`).toContain(outcome.name);
        continue;
      }
      expectWellFormed(outcome);
      expect.soft(outcome.text, name).not.toMatch(CONTROLS);
      if (outcome.title) expect.soft(outcome.title, name).not.toMatch(CONTROLS);
    }
  }, 60_000);

  it('reads the text of annotations and form fields, which pdf.js leaves out of the page text', async () => {
    expect((await parse('tagged_stamp.pdf')).text).toContain('Hello world');
    expect((await parse('annotation-tx2.pdf')).text).toContain('tx annotation');
    const form = await parse('bug1675139.pdf');
    expect(form.blocks.map((block) => block.text)).toEqual(
      expect.arrayContaining(['90', '180', '270']),
    );
  });

  it('drops the NUL bytes of two-byte codes read as one-byte ones', async () => {
    expect((await parse('issue18059.pdf')).text).toContain('DEFGHIJKLMNOPQRSTUVWXYZ');
  });

  it('treats a page of glyph numbers without any character mapping as a page without text', async () => {
    await expect(parse('issue11131_reduced.pdf')).rejects.toMatchObject({
      name: 'EmptyFileError',
    });
  });

  it('heads a page with the bookmark that points to it', async () => {
    const table = await parse('bug2014080.pdf');
    expect(table.blocks[0]).toMatchObject({ kind: 'heading', level: 1, text: 'Table sample' });
  });
});
