/**
 * PDF structure on generated files: headings from the outline or from the type (and the heading
 * paths chunks get from them), running headers and footers, annotations and form fields.
 */
import { describe, expect, it } from 'vitest';
import { createPdfParser } from '../../src/adapters/parsers/pdf.ts';
import type { ParsedDocument } from '../../src/core/ports/parser.ts';
import { chunkDocument } from '../../src/core/retrieval/chunking.ts';
import { makePdf, type PdfPage } from '../../scripts/fixtures/pdf-writer.ts';
import { loadNodePdfjs, nodePdfResources } from '../../scripts/node-parsers.ts';
import { expectWellFormed } from '../support/parse-helpers.ts';
import { makePdfObjects, updatePdf } from '../support/pdf-update.ts';

const parser = createPdfParser(loadNodePdfjs, nodePdfResources());

async function parse(bytes: Uint8Array, path = 'report.pdf'): Promise<ParsedDocument> {
  const document = await parser.parse({ path, bytes });
  expectWellFormed(document);
  return document;
}

const sentences = (topic: string, count: number): PdfPage =>
  Array.from({ length: count }, (_, index) => ({
    text: `The ${topic} log gives reading ${index + 1} of the season in full detail.`,
  }));

/** Four pages with a running header and a numbered footer around their text. */
const reportPages = (): PdfPage[] =>
  ['lamp', 'fog signal', 'radio beacon', 'keeper cottage'].map((topic, index) => [
    { text: 'Kestrel Point Lighthouse - Annual Report 2023', size: 9 },
    undefined,
    ...sentences(topic, 6),
    undefined,
    { text: `Page ${index + 1} of 4`, size: 9 },
  ]);

describe('PDF headings', () => {
  it('come from the outline: a line that says a bookmark becomes its heading, at its level', async () => {
    const pages: PdfPage[] = [
      [{ text: 'Operations' }, undefined, ...sentences('lamp', 4)],
      [
        ...sentences('fog signal', 3),
        undefined,
        { text: 'Fog signal' },
        undefined,
        ...sentences('horn', 3),
      ],
    ];
    const { page: first } = makePdfObjects(1);
    const { page: second } = makePdfObjects(2);
    const bytes = updatePdf(makePdf(pages, 'Operations'), {
      1: `<< /Type /Catalog /Pages 2 0 R /Outlines 40 0 R /Dests << /fog [${second} 0 R /FitH 660] >> >>`,
      40: '<< /Type /Outlines /First 41 0 R /Last 41 0 R /Count 2 >>',
      41: `<< /Title (Operations) /Parent 40 0 R /First 42 0 R /Last 42 0 R /Count 1 /Dest [${first} 0 R /XYZ 0 792 0] >>`,
      // A named destination, looked up in the catalog's /Dests.
      42: '<< /Title (Fog signal) /Parent 41 0 R /Dest /fog >>',
    });
    const document = await parse(bytes);
    const headings = document.blocks.filter((block) => block.kind === 'heading');
    expect(headings).toEqual([
      { kind: 'heading', level: 1, text: 'Operations', page: 1 },
      { kind: 'heading', level: 2, text: 'Fog signal', page: 2 },
    ]);
    const chunks = chunkDocument(document);
    const horn = chunks.find((chunk) => chunk.text.includes('horn log'));
    expect(horn?.headingPath).toEqual(['Operations', 'Fog signal']);
    expect(chunks.find((chunk) => chunk.text.includes('lamp log'))?.headingPath).toEqual([
      'Operations',
    ]);
  });

  it('come from the type where there is no outline: larger lines, then bold ones', async () => {
    const pages: PdfPage[] = [
      [
        { text: 'Annual Report', size: 20 },
        undefined,
        ...sentences('lamp', 3),
        undefined,
        { text: 'Visitors', bold: true },
        ...sentences('visitor', 3),
      ],
      [{ text: 'Finances', size: 15 }, undefined, ...sentences('budget', 3)],
    ];
    const document = await parse(makePdf(pages, 'Annual Report'));
    expect(document.blocks.filter((block) => block.kind === 'heading')).toEqual([
      { kind: 'heading', level: 1, text: 'Annual Report', page: 1 },
      { kind: 'heading', level: 3, text: 'Visitors', page: 1 },
      { kind: 'heading', level: 2, text: 'Finances', page: 2 },
    ]);
    const chunks = chunkDocument(document);
    expect(chunks.find((chunk) => chunk.text.includes('visitor log'))?.headingPath).toEqual([
      'Annual Report',
      'Visitors',
    ]);
    expect(chunks.find((chunk) => chunk.text.includes('budget log'))?.headingPath).toEqual([
      'Annual Report',
      'Finances',
    ]);
  });
});

describe('PDF running headers and footers', () => {
  it('are left out when they repeat across the pages, page numbers included', async () => {
    const document = await parse(makePdf(reportPages(), 'Report'));
    expect(document.text).not.toContain('Annual Report 2023');
    expect(document.text).not.toMatch(/Page \d of 4/);
    expect(document.text).toContain('The keeper cottage log gives reading 6');
    expect(document.blocks.map((block) => block.page)).toEqual([1, 2, 3, 4]);
  });

  it('stay in a one-page file', async () => {
    const document = await parse(makePdf(reportPages().slice(0, 1), 'Report'));
    expect(document.text).toContain('Kestrel Point Lighthouse - Annual Report 2023');
    expect(document.text).toContain('Page 1 of 4');
  });
});

describe('PDF annotations and form fields', () => {
  const pages: PdfPage[] = [
    [{ text: 'Inspection form' }, undefined, ...sentences('inspection', 2)],
  ];
  const { page: first } = makePdfObjects(1);
  const pageWith = (annots: string, contents: number): string =>
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << >> /Contents ${contents} 0 R /Annots [${annots}] >>`;

  it('are read after their page text: notes, free text, filled fields with their labels', async () => {
    const bytes = updatePdf(makePdf(pages, 'Inspection'), {
      [first]: pageWith('50 0 R 51 0 R 52 0 R 53 0 R 54 0 R', makePdfObjects(1).contents),
      50: '<< /Type /Annot /Subtype /Text /Rect [400 700 420 720] /Contents (Lens cracked on the north side) /Popup 51 0 R >>',
      51: '<< /Type /Annot /Subtype /Popup /Rect [420 600 600 700] /Parent 50 0 R >>',
      52: '<< /Type /Annot /Subtype /FreeText /Rect [72 300 400 330] /Contents (Replace before winter) /DA (/Helv 12 Tf 0 g) >>',
      53: "<< /Type /Annot /Subtype /Widget /FT /Tx /T (keeper) /TU (Keeper's name) /V (Imogen Castellane) /Rect [72 200 300 220] /DA (/Helv 12 Tf 0 g) >>",
      54: '<< /Type /Annot /Subtype /Widget /FT /Btn /T (urgent) /TU (Urgent) /V /Yes /AS /Yes /Rect [72 150 90 168] /AP << /N << /Yes 55 0 R /Off 55 0 R >> >> >>',
      55: '<< /Type /XObject /Subtype /Form /BBox [0 0 18 18] /Length 0 >>\nstream\n\nendstream',
    });
    const document = await parse(bytes);
    expect(document.blocks.slice(2)).toEqual([
      { kind: 'paragraph', text: 'Lens cracked on the north side', page: 1 },
      { kind: 'paragraph', text: 'Replace before winter', page: 1 },
      { kind: 'paragraph', text: "Keeper's name: Imogen Castellane", page: 1 },
      { kind: 'paragraph', text: 'Urgent: yes', page: 1 },
    ]);
  });

  it('make a page with no text of its own readable, not a scan to run OCR on', async () => {
    const bytes = updatePdf(makePdf([[]], 'Note'), {
      [first]: pageWith('50 0 R', makePdfObjects(1).contents),
      50: '<< /Type /Annot /Subtype /Stamp /Rect [100 600 300 700] /Contents (Approved by the board) >>',
    });
    expect((await parse(bytes)).text).toBe('Approved by the board');
  });
});
