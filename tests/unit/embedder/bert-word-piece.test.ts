import { Tokenizer } from '@huggingface/tokenizers';
import { describe, expect, it } from 'vitest';
import { BertWordPiece } from '../../../src/adapters/embedder/bert-word-piece.ts';
import { wordPieceJson } from '../../fixtures/word-piece-tokenizer.ts';

function libraryIds(json: object, text: string): number[] {
  return new Tokenizer(json, {}).encode(text).ids;
}

describe('BertWordPiece', () => {
  const json = wordPieceJson();
  const library = new Tokenizer(json, {});
  const fast = BertWordPiece.fromTokenizerJson(json, {})!;

  it('splits words into the longest known pieces; a word with an unknown part or too long is [UNK]', () => {
    const vocabulary = json.model.vocab;
    const ids = (...tokens: string[]) => tokens.map((token) => vocabulary[token]);
    expect(fast.encode('Unable! abab')).toEqual(
      ids('[CLS]', 'un', '##able', '!', 'ab', '##ab', '[SEP]'),
    );
    expect(fast.encode('abx ababababa abababab')).toEqual(
      ids('[CLS]', '[UNK]', '[UNK]', 'ab', '##ab', '##ab', '##ab', '[SEP]'),
    );
    expect(fast.encode('')).toEqual(ids('[CLS]', '[SEP]'));
  });

  it('hands back a text holding a special token, which the library keeps whole', () => {
    expect(fast.encode('a [SEP] b')).toBeUndefined();
    expect(fast.encode('a [sep] b')).toEqual(library.encode('a [sep] b').ids);
  });

  it('copies the normaliser’s other case and accent settings', () => {
    for (const normalizer of [
      { lowercase: false },
      { lowercase: false, strip_accents: true },
      { lowercase: true, strip_accents: false },
    ]) {
      const settings = wordPieceJson(normalizer);
      const tokenizer = BertWordPiece.fromTokenizerJson(settings, {})!;
      for (const text of ['Éa ÉA', 'AB ab Ab', 'e\u0301 É ΑΣ', 'İ ß Σ']) {
        expect(tokenizer.encode(text), `${JSON.stringify(normalizer)} ${text}`).toEqual(
          libraryIds(settings, text),
        );
      }
    }
  });

  it('declines settings it does not copy', () => {
    expect(
      BertWordPiece.fromTokenizerJson(wordPieceJson({ handle_chinese_chars: true }), {}),
    ).toBeUndefined();
    expect(
      BertWordPiece.fromTokenizerJson(wordPieceJson({ clean_text: false }), {}),
    ).toBeUndefined();
    expect(
      BertWordPiece.fromTokenizerJson(wordPieceJson({ type: 'Lowercase' }), {}),
    ).toBeUndefined();
    expect(BertWordPiece.fromTokenizerJson(json, { remove_space: true })).toBeUndefined();
    expect(
      BertWordPiece.fromTokenizerJson({ ...json, pre_tokenizer: { type: 'Whitespace' } }, {}),
    ).toBeUndefined();
  });
});
