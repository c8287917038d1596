import { describe, expect, it } from 'vitest';
import { documentFromBlocks } from '../../../src/core/ingest/parsed-document.ts';
import type { Block, ParsedDocument } from '../../../src/core/ports/parser.ts';
import {
  chunkDocument,
  HEADING_PATH_CHARS,
  type ChunkPiece,
} from '../../../src/core/retrieval/chunking.ts';
import { splitSentences, splitWords } from '../../../src/core/retrieval/sentences.ts';

/** Deterministic pseudo-random numbers in [0, 1). */
function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

const WORDS = [
  'lake',
  'ice',
  'Dr.',
  'e.g.',
  '3.14',
  'J.',
  'station',
  'core',
  'naïve',
  '😀',
  'U.S.',
  'x',
];

function randomDocument(random: () => number): ParsedDocument {
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
  const sentence = (): string => {
    const words = Array.from({ length: 1 + Math.floor(random() * 30) }, () => pick(WORDS));
    return `${words.join(' ')}${pick(['.', '!', '?', '', '."'])}`;
  };
  const blocks: Block[] = [];
  let page = 1;
  for (let index = 0; index < 5 + random() * 40; index += 1) {
    if (random() < 0.1) page += 1;
    const kind = pick<Block['kind']>([
      'heading',
      'paragraph',
      'paragraph',
      'code',
      'table',
      'list',
    ]);
    const size = random() < 0.1 ? 80 : 6;
    let text = Array.from({ length: 1 + Math.floor(random() * size) }, sentence).join(
      kind === 'paragraph' || kind === 'heading' ? ' ' : '\n',
    );
    if (random() < 0.05) text = 'a'.repeat(2000 + Math.floor(random() * 2000));
    const block: Block = { kind, text, page };
    if (kind === 'heading') block.level = 1 + Math.floor(random() * 4);
    blocks.push(block);
  }
  return documentFromBlocks('random.md', blocks);
}

function expectValidChunks(document: ParsedDocument, chunks: ChunkPiece[], maxChars: number): void {
  const covered = new Uint8Array(document.text.length);
  for (const chunk of chunks) {
    expect(chunk.text).toBe(document.text.slice(chunk.start, chunk.end));
    expect(chunk.text.trim().length).toBeGreaterThan(0);
    expect(chunk.text.length).toBeLessThanOrEqual(maxChars);
    expect(chunk.text).toBe(chunk.text.trimEnd());
    covered.fill(1, chunk.start, chunk.end);
  }
  let uncovered = '';
  for (let position = 0; position < document.text.length; position += 1) {
    if (!covered[position]) uncovered += document.text[position];
  }
  expect(uncovered.trim()).toBe('');
  for (let index = 1; index < chunks.length; index += 1) {
    expect(chunks[index]!.start).toBeGreaterThan(chunks[index - 1]!.start);
    expect(chunks[index]!.end).toBeGreaterThan(chunks[index - 1]!.end);
  }
}

/** The pages of the blocks a chunk overlaps. */
function pagesUnder(document: ParsedDocument, chunk: ChunkPiece): Set<number | undefined> {
  const pages = new Set<number | undefined>();
  let offset = 0;
  for (const block of document.blocks) {
    const end = offset + block.text.length;
    if (offset < chunk.end && end > chunk.start) pages.add(block.page);
    offset = end + 2;
  }
  return pages;
}

describe('chunkDocument', () => {
  it('keeps text equal to its slice, within size, covering everything, for random documents', () => {
    const random = randomSource(42);
    for (let round = 0; round < 150; round += 1) {
      const document = randomDocument(random);
      const options = { targetChars: 200 + Math.floor(random() * 800), overlapChars: 100 };
      const maxChars = Math.round(options.targetChars * 1.5);
      const chunks = chunkDocument(document, { ...options, maxChars });
      expectValidChunks(document, chunks, maxChars);
      for (const chunk of chunks) {
        const pages = pagesUnder(document, chunk);
        expect(pages.size).toBe(1);
        expect(pages.has(chunk.page)).toBe(true);
      }
    }
  });

  it('makes exactly one chunk of a short passage, heading included', () => {
    const paragraph = 'Rodrigo of Aragon was the only child of Lucrezia Borgia. '.repeat(8).trim();
    const document = documentFromBlocks('passage.md', [
      { kind: 'heading', level: 1, text: 'Rodrigo of Aragon' },
      { kind: 'paragraph', text: paragraph },
    ]);
    expect(chunkDocument(document)).toEqual([
      {
        text: document.text,
        start: 0,
        end: document.text.length,
        headingPath: ['Rodrigo of Aragon'],
      },
    ]);
  });

  it('starts a chunk at each heading, leads with the heading and tracks the heading path', () => {
    const document = documentFromBlocks('a.md', [
      { kind: 'heading', level: 1, text: 'Guide' },
      { kind: 'heading', level: 2, text: 'Setup' },
      { kind: 'paragraph', text: 'Install it.' },
      { kind: 'heading', level: 3, text: 'Linux' },
      { kind: 'paragraph', text: 'Use apt.' },
      { kind: 'heading', level: 2, text: 'Usage' },
      { kind: 'paragraph', text: 'Run it.' },
    ]);
    const chunks = chunkDocument(document);
    expect(chunks.map((chunk) => [chunk.text, chunk.headingPath])).toEqual([
      ['Guide\n\nSetup\n\nInstall it.', ['Guide', 'Setup']],
      ['Linux\n\nUse apt.', ['Guide', 'Setup', 'Linux']],
      ['Usage\n\nRun it.', ['Guide', 'Usage']],
    ]);
  });

  it('packs paragraphs up to the target and never crosses a page', () => {
    const paragraph = (page: number, label: string): Block => ({
      kind: 'paragraph',
      text: `${label} ${'word '.repeat(30).trim()}.`,
      page,
    });
    const document = documentFromBlocks('a.pdf', [
      paragraph(1, 'A'),
      paragraph(1, 'B'),
      paragraph(1, 'C'),
      paragraph(2, 'D'),
    ]);
    const chunks = chunkDocument(document, { targetChars: 350, overlapChars: 0 });
    expect(chunks.map((chunk) => [chunk.text[0], chunk.page])).toEqual([
      ['A', 1],
      ['C', 1],
      ['D', 2],
    ]);
    expect(chunks[0]?.text).toContain('\n\nB');
  });

  it('splits a long paragraph at sentences and overlaps with the trailing sentences', () => {
    const sentences = Array.from(
      { length: 40 },
      (_, index) => `Sentence ${index} says Dr. Lee measured ${index}.5 m.`,
    );
    const document = documentFromBlocks('a.md', [
      { kind: 'heading', level: 1, text: 'Topic' },
      { kind: 'paragraph', text: sentences.join(' ') },
      { kind: 'heading', level: 1, text: 'Next' },
      { kind: 'paragraph', text: 'Short.' },
    ]);
    const chunks = chunkDocument(document, { targetChars: 300, maxChars: 450, overlapChars: 100 });
    expectValidChunks(document, chunks, 450);
    const sectionChunks = chunks.filter((chunk) => chunk.headingPath[0] === 'Topic');
    expect(sectionChunks.length).toBeGreaterThan(3);
    for (const chunk of sectionChunks.slice(1)) {
      expect(chunk.text).toMatch(/^Sentence \d+ says Dr\. Lee/);
      expect(chunk.text).toMatch(/m\.$/);
    }
    for (let index = 1; index < sectionChunks.length; index += 1) {
      const previous = sectionChunks[index - 1]!;
      const overlap = previous.end - sectionChunks[index]!.start;
      expect(overlap).toBeGreaterThan(0);
      expect(overlap).toBeLessThanOrEqual(100);
    }
    const next = chunks.at(-1)!;
    expect(next.text).toBe('Next\n\nShort.');
  });

  it('splits long code at lines and a monster word at the maximum', () => {
    const code = Array.from(
      { length: 80 },
      (_, index) => `    line_${index} = compute(${index})`,
    ).join('\n');
    const document = documentFromBlocks('a.py', [
      { kind: 'code', text: `def f():\n${code}` },
      { kind: 'paragraph', text: 'z'.repeat(3200) },
    ]);
    const chunks = chunkDocument(document);
    expectValidChunks(document, chunks, 1500);
    const codeChunks = chunks.filter((chunk) => chunk.text.includes('compute'));
    expect(codeChunks.length).toBeGreaterThan(1);
    for (const chunk of codeChunks.slice(1))
      expect(chunk.text).toMatch(/^ {4}line_\d+ = compute\(\d+\)/);
    expect(
      chunks.filter((chunk) => chunk.text.startsWith('z')).map((chunk) => chunk.text.length),
    ).toEqual([1000, 1000, 1000, 200]);
  });

  it('keeps only the first words of a huge heading in heading paths (found by a property test)', () => {
    const heading = 'word '.repeat(3_000).trim();
    const document = documentFromBlocks('a.md', [{ kind: 'heading', level: 1, text: heading }]);
    const chunks = chunkDocument(document, { targetChars: 1, maxChars: 4 });
    expect(chunks.length).toBeGreaterThan(1_000);
    const path = chunks[0]!.headingPath;
    expect(path).toHaveLength(1);
    expect(path[0]!.length).toBeLessThanOrEqual(HEADING_PATH_CHARS + 1);
    expect(path[0]).toMatch(/^word( word)*…$/);
    expect(chunks.every((chunk) => chunk.headingPath[0] === path[0])).toBe(true);
  });

  it('returns no chunks for a document without blocks', () => {
    expect(chunkDocument({ text: '', blocks: [] })).toEqual([]);
  });

  it('keeps every chunk a slice of the text on a large document', () => {
    const random = randomSource(7);
    const blocks: Block[] = Array.from({ length: 6000 }, (_, index) =>
      index % 10 === 0
        ? { kind: 'heading', level: 2, text: `Part ${index}` }
        : {
            kind: 'paragraph',
            text: `${'Some words here and there. '.repeat(5 + Math.floor(random() * 40))}`,
          },
    );
    const document = documentFromBlocks('big.md', blocks);
    const chunks = chunkDocument(document);
    expect(chunks.length).toBeGreaterThan(3000);
    for (const chunk of chunks)
      expect(chunk.text).toBe(document.text.slice(chunk.start, chunk.end));
  });
});

describe('splitSentences', () => {
  const sentencesOf = (text: string): string[] =>
    splitSentences(text).map((range) => text.slice(range.start, range.end));

  it('does not break after titles, abbreviations, initials or inside decimals', () => {
    expect(
      sentencesOf(
        'Dr. Solberg met Prof. A. T. Lindqvist at 3.14 p.m. in the U.S. Army camp. It rained, e.g. Tuesday.',
      ),
    ).toEqual([
      'Dr. Solberg met Prof. A. T. Lindqvist at 3.14 p.m. in the U.S. Army camp.',
      'It rained, e.g. Tuesday.',
    ]);
  });

  it('breaks after ! ? ellipses and closing quotes, not before a lower-case word', () => {
    expect(sentencesOf('"Stop!" she said. Why? Because... Well. No... really, etc.   ')).toEqual([
      '"Stop!" she said.',
      'Why?',
      'Because...',
      'Well.',
      'No... really, etc.',
    ]);
  });

  it('breaks after CJK full stops and offsets ranges', () => {
    const text = '今日は晴れ。明日は雨。';
    expect(splitSentences(text, 10)).toEqual([
      { start: 10, end: 16 },
      { start: 16, end: 21 },
    ]);
  });

  it('returns nothing for white space', () => {
    expect(splitSentences('  \n ')).toEqual([]);
  });

  it('starts the sentence after a CJK full stop at its first word (found by a property test)', () => {
    const text = '中文。 lake ';
    expect(splitSentences(text)).toEqual([
      { start: 0, end: 3 },
      { start: 4, end: 8 },
    ]);
  });
});

describe('splitWords', () => {
  it('cuts at white space within the size, and mid-word only when it must', () => {
    const text = 'alpha beta gamma delta';
    expect(
      splitWords(text, { start: 0, end: text.length }, 11).map((range) =>
        text.slice(range.start, range.end),
      ),
    ).toEqual(['alpha beta', 'gamma delta']);
    expect(splitWords('abcdefgh', { start: 0, end: 8 }, 3)).toEqual([
      { start: 0, end: 3 },
      { start: 3, end: 6 },
      { start: 6, end: 8 },
    ]);
  });

  it('never cuts a surrogate pair in two', () => {
    const text = '😀😀😀';
    for (const range of splitWords(text, { start: 0, end: text.length }, 3)) {
      expect(text.slice(range.start, range.end)).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
    }
  });

  it('takes a surrogate pair whole at size 1 instead of looping for ever (found by a property test)', () => {
    const text = '😀😀😀';
    expect(splitWords(text, { start: 0, end: text.length }, 1)).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
      { start: 4, end: 6 },
    ]);
    const document = { text, blocks: [{ kind: 'paragraph' as const, text }] };
    expect(chunkDocument(document, { targetChars: 1, maxChars: 1 })).toHaveLength(3);
  });

  it('cuts next to a lone low surrogate at the size (no pair to keep whole)', () => {
    const text = 'e\udc00f';
    expect(splitWords(text, { start: 0, end: text.length }, 1)).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 2 },
      { start: 2, end: 3 },
    ]);
  });
});

describe('chunkDocument with recognised (OCR) text', () => {
  const placed = (text: string, x: number) => ({ text, x, y: 700, width: 40, height: 12 });

  it('marks the chunks of OCR blocks and gives each the words inside it, with their places', () => {
    const words = ['Happy', 'New', 'Year', '2003!'].map((text, index) => placed(text, index * 50));
    const document = documentFromBlocks('scan.pdf', [
      { kind: 'paragraph', text: 'Typed page one.', page: 1 },
      { kind: 'paragraph', text: 'Happy New\nYear 2003!', page: 2, ocr: true, words },
    ]);
    const [typed, scanned] = chunkDocument(document);
    expect(typed?.ocr).toBeUndefined();
    expect(typed?.words).toBeUndefined();
    expect(scanned).toMatchObject({ page: 2, ocr: true, words });
  });

  it('splits a long OCR block with each chunk holding only its own words', () => {
    const texts = Array.from({ length: 60 }, (_, index) => `word${index}`);
    const words = texts.map((text, index) => placed(text, index));
    const document = documentFromBlocks('scan.png', [
      { kind: 'paragraph', text: texts.join(' '), ocr: true, words },
    ]);
    const chunks = chunkDocument(document, { targetChars: 100, maxChars: 120, overlapChars: 0 });
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.ocr).toBe(true);
      expect(chunk.words?.map((word) => word.text).join(' ')).toBe(chunk.text);
    }
  });
});
