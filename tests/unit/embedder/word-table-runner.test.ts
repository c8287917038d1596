import { describe, expect, it } from 'vitest';
import { tokenizerJson } from '../../../scripts/build-embedder/model-files.ts';
import { tokenizeLikeTransformers } from '../../../src/adapters/embedder/word-table-runner.ts';

/** The built-in model's kind of tokenizer (the build writes it) over two words. */
const tokenizer = tokenizerJson(
  ['[PAD]', '[UNK]', '[CLS]', '[SEP]', 'a', 'b'].map((token, row) => ({
    token,
    sourceRow: row < 4 ? -1 : row,
  })),
);

describe('tokenizeLikeTransformers', () => {
  it('gives each text its ids: lower-cased, unknown words as [UNK], within [CLS] … [SEP]', () => {
    const tokenize = tokenizeLikeTransformers(tokenizer, {});
    expect(tokenize(['A b', 'b zzz', ''])).toEqual([
      [2, 4, 5, 3],
      [2, 5, 1, 3],
      [2, 3],
    ]);
  });

  it('cuts the ids at the config’s model_max_length, as transformers.js truncates', () => {
    const tokenize = tokenizeLikeTransformers(tokenizer, { model_max_length: 3 });
    expect(tokenize(['a b a b', 'a'])).toEqual([
      [2, 4, 5],
      [2, 4, 3],
    ]);
  });

  it('gives a text holding a special token, and a tokenizer the fast one declines, the library’s ids', () => {
    const tokenize = tokenizeLikeTransformers(tokenizer, {});
    expect(tokenize(['a [SEP] b'])).toEqual([[2, 4, 3, 5, 3]]);
    const chinese = {
      ...tokenizer,
      normalizer: { ...(tokenizer.normalizer as object), handle_chinese_chars: true },
    };
    expect(tokenizeLikeTransformers(chinese, {})(['a中b'])).toEqual([[2, 4, 1, 5, 3]]);
  });
});
