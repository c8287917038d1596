import { describe, expect, it } from 'vitest';
import { tokenizeLikeTransformers } from '../../../src/adapters/embedder/word-table-runner.ts';

/** A word-level tokenizer of two words that wraps each text in [CLS] … [SEP]. */
const tokenizerJson = {
  version: '1.0',
  added_tokens: [
    {
      id: 3,
      content: '[CLS]',
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    },
    {
      id: 4,
      content: '[SEP]',
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    },
  ],
  normalizer: null,
  pre_tokenizer: { type: 'WhitespaceSplit' },
  post_processor: {
    type: 'TemplateProcessing',
    single: [
      { SpecialToken: { id: '[CLS]', type_id: 0 } },
      { Sequence: { id: 'A', type_id: 0 } },
      { SpecialToken: { id: '[SEP]', type_id: 0 } },
    ],
    pair: [],
    special_tokens: {
      '[CLS]': { id: '[CLS]', ids: [3], tokens: ['[CLS]'] },
      '[SEP]': { id: '[SEP]', ids: [4], tokens: ['[SEP]'] },
    },
  },
  decoder: null,
  model: {
    type: 'WordLevel',
    vocab: { '[UNK]': 0, a: 1, b: 2, '[CLS]': 3, '[SEP]': 4 },
    unk_token: '[UNK]',
  },
};

describe('tokenizeLikeTransformers', () => {
  it('gives each text its ids with the special tokens', () => {
    const tokenize = tokenizeLikeTransformers(tokenizerJson, {});
    expect(tokenize(['a b', 'b', ''])).toEqual([
      [3, 1, 2, 4],
      [3, 2, 4],
      [3, 4],
    ]);
  });

  it('cuts the ids at the config’s model_max_length, as transformers.js truncates', () => {
    const tokenize = tokenizeLikeTransformers(tokenizerJson, { model_max_length: 3 });
    expect(tokenize(['a b a b', 'a'])).toEqual([
      [3, 1, 2],
      [3, 1, 4],
    ]);
  });
});
