/**
 * Every chunk the PDF parser makes is found again, whole, among the text runs pdf.js reports for
 * its page: what the viewer highlights is exactly the cited passage (up to spacing, hyphens and
 * punctuation), also for passages cut inside a paragraph and words hyphenated across lines.
 */
import { readFile } from 'node:fs/promises';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../src/core/retrieval/chunking.ts';
import { findPassageOnPage, type PageTextItem } from '../../src/ui/page-highlights.ts';
import { makePdf, type PdfPage } from '../../scripts/fixtures/pdf-writer.ts';
import { createNodeParsers, loadNodePdfjs } from '../../scripts/node-parsers.ts';

const FIXTURE = new URL('../fixtures/library/lighthouse-report.pdf', import.meta.url);

/** Two pages of lines, with words hyphenated across lines and paragraphs longer than a chunk. */
const HYPHENATED: PdfPage[] = [
  [
    { text: 'Harbour survey', size: 16, bold: true },
    undefined,
    { text: 'The survey of the inner harbour found the north quay in good condi-' },
    { text: 'tion, the south quay cracked in three places, and the slipway worn' },
    { text: 'smooth by a century of boats. Repairs to the south quay were esti-' },
    { text: 'mated at 48,000 pounds; the slipway can wait until the spring of 2026.' },
    { text: 'Divers found the old mooring chains rusted through near the harbour' },
    { text: 'mouth, and recommended replacing all twelve before the winter storms.' },
    undefined,
    { text: 'The harbour master, Tobias Wrenfield, signed the report on 4 June.' },
  ],
  [
    { text: 'Dredging', size: 16, bold: true },
    undefined,
    { text: 'Silt has raised the channel floor by forty centimetres since the last' },
    { text: 'dredging; at low tide the ferry now touches bottom near buoy seven.' },
  ],
];

/** Letters and digits only, lower-cased: what the match must agree on. */
function fold(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

async function pageItems(bytes: Uint8Array): Promise<PageTextItem[][]> {
  const pdfjs = await loadNodePdfjs();
  const document = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  const pages: PageTextItem[][] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.filter((item): item is TextItem => 'str' in item));
  }
  await document.destroy();
  return pages;
}

async function expectEveryChunkFound(bytes: Uint8Array, targetChars: number): Promise<number> {
  const parsed = await createNodeParsers().parse({ path: 'test.pdf', bytes });
  const chunks = chunkDocument(parsed, { targetChars, maxChars: targetChars, overlapChars: 40 });
  const pages = await pageItems(bytes);
  for (const chunk of chunks) {
    const items = pages[(chunk.page ?? 1) - 1] ?? [];
    const ranges = findPassageOnPage(chunk.text, items);
    const highlighted = ranges.map(({ item, start, end }) => items[item]?.str.slice(start, end));
    expect(fold(highlighted.join(''))).toBe(fold(chunk.text));
  }
  return chunks.length;
}

describe('PDF passages on their pages', () => {
  it('finds every chunk of the fixture report on its page', async () => {
    const bytes = new Uint8Array(await readFile(FIXTURE));
    expect(await expectEveryChunkFound(bytes, 1000)).toBeGreaterThan(1);
  });

  it('finds chunks cut inside paragraphs and words hyphenated across lines', async () => {
    const bytes = makePdf(HYPHENATED, 'Harbour survey');
    expect(await expectEveryChunkFound(bytes, 160)).toBeGreaterThan(4);
  });
});
