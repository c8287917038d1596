import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createParserRegistry } from '../../src/adapters/parsers/index.ts';
import type { ParsedDocument } from '../../src/core/ports/parser.ts';
import { chunkDocument } from '../../src/core/retrieval/chunking.ts';
import { makeJapanesePdf } from '../../scripts/fixtures/pdf-writer.ts';
import { nodePdfResources } from '../../scripts/node-parsers.ts';

interface Expectation {
  title?: string;
  contains?: string[];
  absent?: string[];
  headings?: string[];
  /** Text that must be on the given page. */
  pages?: Record<string, number>;
  error?: string;
}

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const library = join(fixtures, 'library');
const expected = JSON.parse(readFileSync(join(fixtures, 'library.expected.json'), 'utf8')) as {
  files: Record<string, Expectation>;
};
const registry = createParserRegistry({
  loadPdfjs: () => import('pdfjs-dist/legacy/build/pdf.mjs'),
  pdfResources: nodePdfResources(),
});

function listFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? listFiles(path) : [relative(library, path)];
  });
}

async function parseFixture(path: string, signal?: AbortSignal): Promise<ParsedDocument> {
  const file = join(library, path);
  return registry.parseFile({
    path,
    size: statSync(file).size,
    bytes: async () => new Uint8Array(readFileSync(file)),
    ...(signal ? { signal } : {}),
  });
}

function fixtureBytes(path: string): Uint8Array {
  return new Uint8Array(readFileSync(join(library, path)));
}

describe('parsers over tests/fixtures/library', () => {
  it('has an expectation for every fixture file', () => {
    expect(listFiles(library).sort()).toEqual(Object.keys(expected.files).sort());
  });

  for (const [path, expectation] of Object.entries(expected.files)) {
    if (expectation.error) {
      it(`${path} fails with ${expectation.error}`, async () => {
        await expect(parseFixture(path)).rejects.toMatchObject({
          name: expectation.error,
          message: expect.stringContaining(path),
        });
      });
      continue;
    }
    it(`${path} yields its text, structure and chunks`, async () => {
      const document = await parseFixture(path);
      expect(document.text).toBe(document.blocks.map((block) => block.text).join('\n\n'));
      for (const text of expectation.contains ?? []) expect(document.text).toContain(text);
      for (const text of expectation.absent ?? []) expect(document.text).not.toContain(text);
      if (expectation.title) expect(document.title).toBe(expectation.title);
      const headings = document.blocks.filter((block) => block.kind === 'heading');
      if (expectation.headings)
        expect(headings.map((block) => block.text)).toEqual(expectation.headings);
      for (const [text, page] of Object.entries(expectation.pages ?? {})) {
        expect(document.blocks.find((block) => block.text.includes(text))?.page).toBe(page);
      }
      const chunks = chunkDocument(document);
      expect(chunks.length).toBeGreaterThan(0);
      for (const chunk of chunks)
        expect(chunk.text).toBe(document.text.slice(chunk.start, chunk.end));
      for (const text of expectation.contains ?? []) {
        expect(chunks.some((chunk) => chunk.text.includes(text))).toBe(true);
      }
    });
  }
});

describe('PDF adapter', () => {
  it('reports a password-protected PDF as PasswordProtectedError', async () => {
    const source = new TextDecoder('latin1').decode(fixtureBytes('lighthouse-report.pdf'));
    const key = '0'.repeat(64);
    const encrypted = source.replace(
      'trailer\n<<',
      `trailer\n<< /Encrypt << /Filter /Standard /V 1 /R 2 /O <${key}> /U <${'7'.repeat(64)}> /P -4 >> /ID [<${key.slice(0, 32)}> <${key.slice(0, 32)}>]`,
    );
    const bytes = Uint8Array.from(encrypted, (character) => character.charCodeAt(0));
    await expect(registry.parse({ path: 'locked.pdf', bytes })).rejects.toMatchObject({
      name: 'PasswordProtectedError',
      message: expect.stringContaining('password'),
    });
  });

  it('stops between pages when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const bytes = fixtureBytes('lighthouse-report.pdf');
    await expect(
      registry.parse({ path: 'a.pdf', bytes, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    const parser = registry.parserFor('a.pdf');
    await expect(
      parser?.parse({ path: 'a.pdf', bytes, signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('reads a Japanese PDF whose font names a predefined character map instead of embedding it', async () => {
    const lines = ['東京駅は日本の鉄道駅です。', '京都駅は京都市にあります。'];
    const bytes = makeJapanesePdf(lines, '駅');
    const document = await registry.parse({ path: 'tokyo.pdf', bytes });
    expect(document.blocks.map((block) => block.text).join('')).toBe(lines.join(''));
    expect(document.blocks.every((block) => block.page === 1)).toBe(true);
    // Without the maps pdf.js reads no text at all, and the file would be skipped as a scan.
    const blind = createParserRegistry({
      loadPdfjs: () => import('pdfjs-dist/legacy/build/pdf.mjs'),
      pdfResources: {
        cMapUrl: '/nowhere/',
        standardFontDataUrl: '/nowhere/',
        useWorkerFetch: false,
      },
    });
    await expect(blind.parse({ path: 'tokyo.pdf', bytes })).rejects.toMatchObject({
      name: 'EmptyFileError',
    });
  });

  it('leaves the caller its bytes', async () => {
    const bytes = fixtureBytes('lighthouse-report.pdf');
    await registry.parse({ path: 'a.pdf', bytes });
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes[0]).toBe(0x25);
  });
});

describe('Word adapter', () => {
  it('reports bytes that are not a Word document as CorruptFileError', async () => {
    await expect(
      registry.parse({ path: 'fake.docx', bytes: fixtureBytes('travel-guide.html') }),
    ).rejects.toMatchObject({ name: 'CorruptFileError' });
  });
});
