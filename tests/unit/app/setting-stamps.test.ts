import { describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import type { LibraryService } from '../../../src/app/library-service.ts';
import { DEFAULT_OCR_LANGUAGE_HOST } from '../../../src/app/ocr-setting.ts';
import { defaultParsers } from '../../../src/core/ingest/default-parsers.ts';
import { ParserRegistry } from '../../../src/core/ingest/parser-registry.ts';
import { createImageParser } from '../../../src/core/ingest/parsers/image.ts';
import type { OcrEngine } from '../../../src/core/ports/ocr-engine.ts';
import { folder, openLibrary } from './library-fixtures.ts';

/** An engine that sees the same printed line in every image, and counts the images. */
function lineEngine(text: string): OcrEngine & { images: number } {
  const box = { x0: 0, y0: 0, x1: 10, y1: 10 };
  return {
    languages: ['eng'],
    images: 0,
    async recognise() {
      this.images += 1;
      const words = text.split(' ').map((word) => ({ text: word, confidence: 95, box }));
      return { paragraphs: [{ lines: [{ box, words }] }] };
    },
  };
}

const FILES = {
  'scans/ledger.png': 'an image',
  'notes.txt': 'Seventeen candles in the store room.',
};

async function setOcr(library: LibraryService, enabled: boolean): Promise<void> {
  await library.setOcrSetting({
    enabled,
    languages: ['eng'],
    languageHost: DEFAULT_OCR_LANGUAGE_HOST,
  });
}

describe('files a setting passed over', () => {
  it('are read at the next sync once OCR is turned on, and only then', async () => {
    const engine = lineEngine('Seventeen barrels of lamp oil');
    // The image parser asks the library's own setting, as the browser's OCR engine source does.
    const image = createImageParser(async () =>
      (await library.ocrSetting()).enabled ? engine : undefined,
    );
    const library = openLibrary(new IDBFactory(), new ParserRegistry([...defaultParsers, image]));
    const sync = (jobId: string) =>
      library.syncFolder(
        { jobId, folder: { kind: 'files', files: folder(FILES) } },
        () => undefined,
      );

    await setOcr(library, false);
    expect(await sync('off')).toMatchObject({ added: 1, skipped: 1, failed: 0 });
    const [collection] = await library.listCollections();
    const [issue] = await library.listFileIssues(collection?.id ?? '');
    expect(issue).toMatchObject({ path: 'scans/ledger.png', errorName: 'OcrTurnedOffError' });
    // Still off: nothing to do again.
    expect(await sync('still off')).toMatchObject({ added: 0, skipped: 0 });
    expect(engine.images).toBe(0);

    await setOcr(library, true);
    await sync('on');
    expect(engine.images).toBe(1);
    expect(await library.listFileIssues(collection?.id ?? '')).toEqual([]);
    const [found] = await library.search({ query: 'lamp oil barrels', mode: 'bm25' });
    expect(found).toMatchObject({ path: 'scans/ledger.png', ocr: true });

    // Off and on again: what was read stays read.
    await setOcr(library, false);
    await sync('off again');
    await setOcr(library, true);
    await sync('on again');
    expect(engine.images).toBe(1);
  });
});
