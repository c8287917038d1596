/**
 * A generated folder of notes for the fault tests: Markdown files of one to five paragraphs (so a
 * file makes one to four chunks), plus an empty file and a file of an unknown type, which a sync
 * skips. `chunkKeys` says what a clean ingest of a folder stores, by running the Node ingest with
 * the app's parsers and chunker (the embedder does not change the chunks).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NodeFolderSource } from '../../src/adapters/source/node-folder-source.ts';
import { MemoryStore } from '../../src/adapters/store/memory-store.ts';
import { newCollection } from '../../src/core/collection.ts';
import { runIngest } from '../../src/core/ingest/ingest-job.ts';
import type { Embedder } from '../../src/core/ports/embedder.ts';
import { createNodeParsers } from '../../scripts/node-parsers.ts';

/** Files a sync skips in every notes folder (`empty.txt`, `data.bin`). */
export const SKIPPED_FILES = 2;

const WORDS = [
  'keeper',
  'tide',
  'lantern',
  'harbour',
  'gull',
  'fog',
  'beacon',
  'reef',
  'storm',
  'ledger',
  'dawn',
  'wind',
  'salt',
  'rope',
  'signal',
  'current',
  'shoal',
  'pier',
  'heron',
  'anchor',
];

/** The name of note `index` (1-based), e.g. `note-007.md`. */
export function noteName(index: number): string {
  return `note-${String(index).padStart(3, '0')}.md`;
}

/**
 * Note `index`: a heading, then paragraphs of words that differ from note to note, each ending
 * with the note's own code word `zq<index>`, which no other note has.
 */
export function noteText(index: number, edition = 0): string {
  const paragraphs = Array.from({ length: (index % 5) + 1 }, (_, paragraph) => {
    const words = Array.from({ length: 60 + ((index * 7 + paragraph * 13) % 90) }, (_, word) => {
      const seed = index * 31 + paragraph * 17 + word * 7 + edition;
      return WORDS[seed % WORDS.length];
    });
    return `${words.join(' ')} (logbook entry zq${index}, part ${paragraph + 1}, edition ${edition}).`;
  });
  return `# Note ${index}\n\n${paragraphs.join('\n\n')}\n`;
}

/** Writes `count` notes and the two skipped files into `directory` (created if need be). */
export async function writeNotesFolder(directory: string, count: number): Promise<void> {
  await mkdir(directory, { recursive: true });
  for (let index = 1; index <= count; index += 1) {
    await writeFile(join(directory, noteName(index)), noteText(index));
  }
  await writeFile(join(directory, 'empty.txt'), '');
  await writeFile(join(directory, 'data.bin'), new Uint8Array([0, 1, 2, 3]));
}

/** `path#ordinal` of every chunk a clean ingest of `directory` stores, sorted. */
export async function chunkKeys(directory: string): Promise<string[]> {
  const store = new MemoryStore();
  const collection = newCollection('expected', 'expected', ZERO_EMBEDDER);
  await store.putCollection(collection);
  await runIngest({
    collection,
    source: new NodeFolderSource(directory),
    store,
    embedder: ZERO_EMBEDDER,
    parsers: createNodeParsers(),
  });
  return (await store.listChunks(collection.id))
    .map((chunk) => `${chunk.path}#${chunk.ordinal}`)
    .sort();
}

const ZERO_EMBEDDER: Embedder = {
  id: 'test/zero',
  dim: 2,
  embed: async (texts) => new Float32Array(texts.length * 2).fill(0.5),
};
