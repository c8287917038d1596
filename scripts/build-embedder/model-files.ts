/**
 * The JSON files next to the ONNX graph: `config.json`, `tokenizer.json`, `tokenizer_config.json`.
 * The tokenizer is BERT's (lower-casing, accent-stripping normaliser; whitespace and punctuation
 * pre-tokenizer) with a WordPiece model whose vocabulary holds whole words only, so an unknown
 * word becomes `[UNK]` rather than sub-word pieces. `[CLS]`/`[SEP]` are added as for any BERT:
 * their rows, like `[UNK]`'s and `[PAD]`'s, are zero, so they only lengthen the mean-pooling
 * denominator, which the pipeline's normalisation cancels.
 */
import type { VocabularyEntry } from './vocabulary.ts';

/** Longest input sequence, in tokens (including `[CLS]` and `[SEP]`); longer texts are truncated. */
export const MAX_TOKENS = 1024;

export function modelConfig(dim: number, vocabularySize: number): Record<string, unknown> {
  return {
    architectures: ['BertModel'],
    model_type: 'bert',
    hidden_size: dim,
    vocab_size: vocabularySize,
    num_hidden_layers: 0,
    num_attention_heads: 1,
    intermediate_size: dim,
    max_position_embeddings: MAX_TOKENS,
    type_vocab_size: 1,
    pad_token_id: 0,
    // The table is already int8 inside a float graph: always load `onnx/model.onnx`, also on wasm
    // (whose default dtype would otherwise ask for `onnx/model_quantized.onnx`).
    'transformers.js_config': { dtype: 'fp32' },
  };
}

function specialToken(id: number, content: string): Record<string, unknown> {
  return {
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  };
}

export function tokenizerJson(vocabulary: readonly VocabularyEntry[]): Record<string, unknown> {
  const vocab: Record<string, number> = {};
  vocabulary.forEach((entry, id) => (vocab[entry.token] = id));
  const idOf = (token: string): number => {
    const id = vocab[token];
    if (id === undefined) throw new Error(`vocabulary lacks ${token}`);
    return id;
  };
  const longestWord = vocabulary.reduce(
    (longest, entry) => Math.max(longest, entry.token.length),
    0,
  );
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: ['[PAD]', '[UNK]', '[CLS]', '[SEP]'].map((token) =>
      specialToken(idOf(token), token),
    ),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: false,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [idOf('[CLS]')], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [idOf('[SEP]')], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      // No word in the vocabulary is longer: a longer one is `[UNK]` without a sub-word search.
      max_input_chars_per_word: longestWord,
      vocab,
    },
  };
}

export function tokenizerConfig(): Record<string, unknown> {
  return {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    strip_accents: null,
    tokenize_chinese_chars: false,
    clean_up_tokenization_spaces: true,
    model_max_length: MAX_TOKENS,
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    cls_token: '[CLS]',
    sep_token: '[SEP]',
  };
}
