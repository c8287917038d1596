import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import { describe, expect, it } from 'vitest';
import { BertWordPiece } from '../../src/adapters/embedder/bert-word-piece.ts';
import { REALDOCS } from '../support/realdocs.ts';

const MODEL = 'public/models/archivist/glove-100d';
const DEV_DOCS = new URL('../../../shared/eval/dev/docs', import.meta.url).pathname;
/** About a chunk's length. */
const PIECE = 800;

/** Every file under `folder` read as UTF-8 (binary ones too: replacement and control characters). */
async function piecesOf(folder: string): Promise<string[]> {
  const pieces: string[] = [];
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const text = await readFile(join(entry.parentPath, entry.name), 'utf8');
    for (let at = 0; at < text.length; at += PIECE) pieces.push(text.slice(at, at + PIECE));
  }
  return pieces;
}

describe('BertWordPiece on the built-in model’s tokenizer', () => {
  it('gives the library’s ids for every piece of the dev documents and shared/realdocs', async () => {
    const json = JSON.parse(await readFile(`${MODEL}/tokenizer.json`, 'utf8')) as object;
    const config = JSON.parse(await readFile(`${MODEL}/tokenizer_config.json`, 'utf8')) as object;
    const library = new Tokenizer(json, config);
    const fast = BertWordPiece.fromTokenizerJson(json, config);
    expect(fast).toBeDefined();
    const pieces = [...(await piecesOf(DEV_DOCS)), ...(await piecesOf(REALDOCS))];
    expect(pieces.length).toBeGreaterThan(5_000);
    expect(pieces.some((piece) => /[^\p{ASCII}]/u.test(piece))).toBe(true);
    let differing = 0;
    for (const piece of pieces) {
      const expected = library.encode(piece).ids;
      const ids = fast!.encode(piece) ?? expected;
      if (ids.length !== expected.length || ids.some((id, index) => id !== expected[index])) {
        differing += 1;
        expect.soft(ids, JSON.stringify(piece.slice(0, 80))).toEqual(expected);
      }
    }
    expect(differing).toBe(0);
  });
});
