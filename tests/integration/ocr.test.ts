import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/adapters/store/memory-store.ts';
import { NodeFolderSource } from '../../src/adapters/source/node-folder-source.ts';
import { chooseVectorIndex } from '../../src/adapters/vector/index.ts';
import { createNodeTesseractEngine } from '../../src/adapters/ocr/tesseract-node.ts';
import { newCollection } from '../../src/core/collection.ts';
import { runIngest } from '../../src/core/ingest/ingest-job.ts';
import type { Embedder } from '../../src/core/ports/embedder.ts';
import { LibrarySearch } from '../../src/core/retrieval/library-search.ts';
import { createEmbedder } from '../../scripts/node-embedder.ts';
import { createNodeParsers } from '../../scripts/node-parsers.ts';
import {
  placedWordItems,
  findPassageOnPage,
  type PageTextItem,
} from '../../src/ui/page-highlights.ts';
import { chunkDocument } from '../../src/core/retrieval/chunking.ts';
import { loadNodePdfjs } from '../../scripts/node-parsers.ts';
import { printedText } from '../support/printed-text-images.ts';
import { REALDOCS, realdoc } from '../support/realdocs.ts';

const engine = createNodeTesseractEngine();
const parsers = createNodeParsers(async () => engine);
const turnedOff = createNodeParsers(async () => undefined);
let embedder: Embedder;

beforeAll(async () => {
  embedder = await createEmbedder();
});
afterAll(() => engine.close());

async function parseRealdoc(name: string) {
  const bytes = new Uint8Array(await readFile(realdoc('images', name)));
  return parsers.parse({ path: name, bytes });
}

describe('OCR of shared/realdocs/images', () => {
  it('reads the scanned PDF page, keeping where each word is on the page', async () => {
    const document = await parseRealdoc('testOCR.pdf');
    expect(document.text).toBe('Happy New Year 2003!');
    expect(document.ocrPages).toBe(1);
    const [block] = document.blocks;
    expect(block).toMatchObject({ page: 1, ocr: true });
    // A landscape US Letter page (792 × 612 pt): every word lies on it, left to right.
    const words = block?.words ?? [];
    expect(words.map((word) => word.text)).toEqual(['Happy', 'New', 'Year', '2003!']);
    for (const word of words) {
      expect(word.x).toBeGreaterThan(0);
      expect(word.x + word.width).toBeLessThan(792);
      expect(word.y).toBeGreaterThan(0);
      expect(word.y + word.height).toBeLessThan(612);
      expect(word.height).toBeGreaterThan(5);
    }
    expect(words[1]?.x).toBeGreaterThan((words[0]?.x ?? 0) + (words[0]?.width ?? 0));
  }, 60_000);

  it('skips the 1×1 PNG (no text) and reports the cut-short JPEG as damaged', async () => {
    await expect(parseRealdoc('testOCR_encode.png')).rejects.toMatchObject({
      name: 'EmptyFileError',
    });
    await expect(parseRealdoc('testOCR_encode.jpg')).rejects.toMatchObject({
      name: 'CorruptFileError',
    });
  }, 60_000);

  it('says OCR found no text on a PDF without a text layer, and suggests OCR only without it', async () => {
    const bytes = new Uint8Array(await readFile(realdoc('pdf', 'bitmap-symbol-empty.pdf')));
    const path = 'bitmap-symbol-empty.pdf';
    await expect(parsers.parse({ path, bytes })).rejects.toMatchObject({
      name: 'EmptyFileError',
      message: expect.stringContaining('text recognition (OCR) found no text on its pages'),
    });
    await expect(createNodeParsers().parse({ path, bytes })).rejects.toMatchObject({
      name: 'EmptyFileError',
      message: expect.stringContaining('run it through OCR'),
    });
  }, 60_000);

  it('with OCR turned off, skips the scan and the images saying how to have them read', async () => {
    const bytes = new Uint8Array(await readFile(realdoc('images', 'testOCR.pdf')));
    await expect(turnedOff.parse({ path: 'testOCR.pdf', bytes })).rejects.toMatchObject({
      name: 'OcrTurnedOffError',
    });
  });

  it('indexes the folder: the printed words are found by search, in a chunk marked as OCR', async () => {
    const store = new MemoryStore();
    const collection = newCollection('images', 'images', embedder, 0);
    await store.putCollection(collection);
    const search = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
    await runIngest({
      collection,
      source: new NodeFolderSource(`${REALDOCS}/images`),
      store,
      embedder,
      parsers,
      index: await search.open(collection.id),
    });
    const files = await store.listFiles(collection.id);
    const byPath = Object.fromEntries(files.map((file) => [file.path, file]));
    expect(byPath['testOCR.pdf']).toMatchObject({ status: 'indexed', ocrPages: 1 });
    expect(byPath['testOCR_encode.png']?.status).toBe('skipped');
    expect(byPath['testOCR_encode.jpg']?.status).toBe('failed');
    const { passages } = await search.search('happy new year', { mode: 'hybrid', k: 3 });
    expect(passages[0]?.chunk).toMatchObject({ path: 'testOCR.pdf', page: 1, ocr: true });
    expect(passages[0]?.chunk.words).toHaveLength(4);
  }, 120_000);
});

describe('OCR of a generated scan', () => {
  it('reads a PDF whose page is only a JPEG of printed lines', async () => {
    const lines = ['Quarterly report of the Varnholm station', 'Sediment core VH-7 is 312 cm long'];
    const { scannedPdf } = await printedText(lines);
    const document = await parsers.parse({ path: 'scan.pdf', bytes: scannedPdf });
    expect(document.text.replace(/\s+/g, ' ')).toBe(lines.join(' '));
    expect(document.blocks.every((block) => block.ocr && block.page === 1)).toBe(true);
  }, 60_000);
});

/** The text runs pdf.js reports on page 1 of a PDF. */
async function firstPageRuns(bytes: Uint8Array): Promise<PageTextItem[]> {
  const pdfjs = await loadNodePdfjs();
  const document = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  try {
    const content = await (await document.getPage(1)).getTextContent();
    return content.items.filter((item): item is TextItem => 'str' in item && item.str !== '');
  } finally {
    await document.destroy();
  }
}

describe('OCR passages on their page', () => {
  it('places every word of a scan where the page printed it, so the viewer can mark it', async () => {
    const lines = ['Harbour pilot roster', 'Nine tugboats on the night watch'];
    const { pdf, scannedPdf } = await printedText(lines);
    const document = await parsers.parse({ path: 'scan.pdf', bytes: scannedPdf });
    const [chunk] = chunkDocument(document);
    const words = chunk?.words ?? [];
    expect(words.map((word) => word.text).join(' ')).toBe(lines.join(' '));
    // The viewer finds the whole passage among the words, as among a page's own text runs.
    const items = placedWordItems(words);
    const found = findPassageOnPage(chunk?.text ?? '', items);
    expect(found.map(({ item, start, end }) => items[item]?.str.slice(start, end))).toEqual(
      words.map((word) => word.text),
    );
    // Each word lies on the line the text PDF prints it on: its baseline inside the word's box,
    // the word inside the line's width.
    const runs = await firstPageRuns(pdf);
    for (const word of words) {
      const line = runs.find((run) => run.str.split(' ').includes(word.text));
      const [, , , , x = 0, baseline = 0] = line?.transform ?? [];
      expect(baseline).toBeGreaterThan(word.y - 1);
      expect(baseline).toBeLessThan(word.y + word.height);
      expect(word.x).toBeGreaterThan(x - 2);
      expect(word.x + word.width).toBeLessThan(x + (line?.width ?? 0) + 2);
    }
  }, 60_000);
});

/** A message with a text body and one base64 attachment. */
function messageWith(name: string, type: string, content: Uint8Array): string {
  return [
    'From: ines@example.org',
    'Subject: The roster',
    'Content-Type: multipart/mixed; boundary="part"',
    '',
    '--part',
    'Content-Type: text/plain',
    '',
    'The roster is attached.',
    '--part',
    `Content-Type: ${type}; name="${name}"`,
    `Content-Disposition: attachment; filename="${name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(content).toString('base64'),
    '--part--',
    '',
  ].join('\r\n');
}

describe('files passed over while OCR was off', () => {
  it('are read at the next sync once it is on: a scan, and a message with a picture attached', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'archivist-ocr-off-'));
    try {
      const roster = await printedText([
        'Harbour pilot roster',
        'Nine tugboats on the night watch',
      ]);
      const ledger = await printedText(['Quartermaster ledger', 'Seventeen barrels of lamp oil']);
      await writeFile(join(folder, 'ledger.pdf'), ledger.scannedPdf);
      await writeFile(
        join(folder, 'roster.eml'),
        messageWith('roster.png', 'image/png', roster.png),
      );
      let ocrOn = false;
      const toggled = createNodeParsers(async () => (ocrOn ? engine : undefined));
      const store = new MemoryStore();
      const collection = newCollection('scans', 'scans', embedder, 0);
      await store.putCollection(collection);
      const search = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
      const sync = async () =>
        runIngest({
          collection,
          source: new NodeFolderSource(folder),
          store,
          embedder,
          parsers: toggled,
          index: await search.open(collection.id),
          settingStamps: { ocr: ocrOn ? 'on' : 'off' },
        });

      await sync();
      const off = Object.fromEntries(
        (await store.listFiles(collection.id)).map((file) => [file.path, file]),
      );
      expect(off['ledger.pdf']).toMatchObject({
        status: 'skipped',
        error: { name: 'OcrTurnedOffError' },
      });
      expect(off['roster.eml/attachments/roster.png']).toMatchObject({
        status: 'skipped',
        error: { name: 'OcrTurnedOffError', setting: { name: 'ocr', stamp: 'off' } },
      });
      expect(off['roster.eml']?.status).toBe('indexed');
      expect((await sync()).filesTotal).toBe(0);

      ocrOn = true;
      const on = await sync();
      expect(on.filesTotal).toBe(2);
      const files = await store.listFiles(collection.id);
      expect(files.every((file) => file.status === 'indexed')).toBe(true);
      const lamp = await search.search('barrels of lamp oil', { mode: 'bm25', k: 1 });
      expect(lamp.passages[0]?.chunk.path).toBe('ledger.pdf');
      const tugs = await search.search('tugboats night watch', { mode: 'bm25', k: 1 });
      expect(tugs.passages[0]?.chunk.path).toBe('roster.eml/attachments/roster.png');
      expect((await sync()).filesTotal).toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
