/**
 * Damaged PDFs that property tests (tests/property/document-parsers.property.test.ts) found to
 * escape as untyped errors or to end a Node process.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createPdfParser } from '../../src/adapters/parsers/pdf.ts';
import { makePdf } from '../../scripts/fixtures/pdf-writer.ts';
import { loadNodePdfjs, nodePdfResources } from '../../scripts/node-parsers.ts';
import { makePdfObjects, updatePdf } from '../support/pdf-update.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The fixture PDF with `search` replaced (both are Latin-1, so byte offsets stay). */
function damagedPdf(search: string, replacement: string): Uint8Array {
  const source = new TextDecoder('latin1').decode(
    readFileSync(new URL('../fixtures/library/lighthouse-report.pdf', import.meta.url)),
  );
  expect(source).toContain(search);
  return Uint8Array.from(source.replace(search, replacement), (character) =>
    character.charCodeAt(0),
  );
}

describe('damaged PDFs', () => {
  it('a damaged page is skipped and named in the warnings; the other pages are read', async () => {
    const pages = [1, 2, 3, 4].map((number) => [
      { text: `Survey of beacon ${number}.` },
      { text: `The lamp of beacon ${number} was serviced in spring.` },
    ]);
    // Pages 2 and 3 become page-tree nodes whose kids do not exist.
    const broken = '<< /Type /Pages /Parent 2 0 R /Kids [99 0 R] /Count 1 >>';
    const bytes = updatePdf(makePdf(pages, 'Beacons'), {
      [makePdfObjects(2).page]: broken,
      [makePdfObjects(3).page]: broken,
    });
    const document = await createPdfParser(loadNodePdfjs, nodePdfResources()).parse({
      path: 'beacons.pdf',
      bytes,
    });
    expect(document.warnings).toEqual(['2 damaged pages skipped: 2, 3']);
    expect(document.blocks.map((block) => block.page)).toEqual([1, 4]);
    expect(document.text).toContain('The lamp of beacon 4 was serviced');
  });

  it('a PDF with no readable page fails as CorruptFileError from the parser itself', async () => {
    const bytes = damagedPdf('/Type /Pages /Kids', '/Type /Pages \0Kids');
    await expect(
      createPdfParser(loadNodePdfjs, nodePdfResources()).parse({ path: 'report.pdf', bytes }),
    ).rejects.toMatchObject({
      name: 'CorruptFileError',
      message: expect.stringContaining('page 1 is damaged'),
    });
  });

  it('a page tree pdf.js prefetches in vain does not end the Node process', () => {
    // pdf.js leaves the rejection of its prefetch of kid "8 6 R" unhandled: Node would exit 1.
    const code = `
      import { readFileSync } from 'node:fs';
      const { createNodeParsers } = await import('./scripts/node-parsers.ts');
      const source = new TextDecoder('latin1').decode(
        readFileSync('tests/fixtures/library/lighthouse-report.pdf'),
      );
      const damaged = source.replace('/Kids [6 0 R 8 0 R]', '/Kids [\\u00df 0 R 8 6 R]');
      const bytes = Uint8Array.from(damaged, (character) => character.charCodeAt(0));
      const outcome = await createNodeParsers()
        .parse({ path: 'report.pdf', bytes })
        .then(() => 'parsed', (error) => error.name);
      // Once nothing is left to run: a rejection left unhandled would have ended the process first.
      process.once('beforeExit', () => console.log('survived: ' + outcome));
    `;
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', code],
      { cwd: root, encoding: 'utf8', timeout: 60_000 },
    );
    expect(child.stderr).not.toContain('UnhandledPromiseRejection');
    expect(child.stdout).toMatch(/survived: (CorruptFileError|EmptyFileError)/);
    expect(child.status).toBe(0);
  });
});
