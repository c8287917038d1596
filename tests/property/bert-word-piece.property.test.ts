/**
 * BertWordPiece against the library it copies, @huggingface/tokenizers: texts built from the
 * characters each normalising and pre-tokenising step treats in its own way, and any strings.
 * A case takes well under a millisecond, so each property runs ten times PROPERTY_RUNS.
 */
import fc from 'fast-check';
import { Tokenizer } from '@huggingface/tokenizers';
import { describe, expect, it } from 'vitest';
import { BertWordPiece } from '../../src/adapters/embedder/bert-word-piece.ts';
import { WORD_PIECE_CHARACTERS, wordPieceJson } from '../fixtures/word-piece-tokenizer.ts';
import { checkProperty, PROPERTY_RUNS, testTimeout } from './runs.ts';

const RUNS = PROPERTY_RUNS * 10;

describe('BertWordPiece', () => {
  const json = wordPieceJson();
  const library = new Tokenizer(json, {});
  const fast = BertWordPiece.fromTokenizerJson(json, {})!;

  it(
    'gives the ids the library gives, or hands back a text holding a special token',
    () => {
      checkProperty(
        fc.array(fc.constantFrom(...WORD_PIECE_CHARACTERS), { maxLength: 40 }),
        (parts) => {
          const text = parts.join('');
          const ids = fast.encode(text);
          if (ids === undefined) expect(text).toMatch(/\[(PAD|UNK|CLS|SEP)\]/);
          else expect(ids).toEqual(library.encode(text).ids);
        },
        RUNS,
      );
    },
    testTimeout(RUNS),
  );

  it(
    'gives the library’s ids for any string',
    () => {
      checkProperty(
        fc.string({ unit: 'binary', maxLength: 60 }),
        (text) => {
          const expected = library.encode(text).ids;
          expect(fast.encode(text) ?? expected).toEqual(expected);
        },
        RUNS,
      );
    },
    testTimeout(RUNS),
  );
});
