/**
 * Tokenizes a batch into the int64 tensors a model takes, padded to the batch's longest text. The
 * pipeline's own path maps every id through an intermediate array and `BigInt`; this fills the
 * typed arrays in one pass and keeps a plain attention mask for pooling.
 */
import { Tensor } from '@huggingface/transformers';
import type { PreTrainedTokenizer } from '@huggingface/transformers';

export interface EncodedBatch {
  /** Model inputs by name: `input_ids`, `attention_mask`, and `token_type_ids` if the tokenizer makes them. */
  inputs: Record<string, Tensor>;
  /** `[rows, tokens]` flat, 1 for a real token. */
  mask: Uint8Array;
  rows: number;
  tokens: number;
}

type TokenArrays = Record<string, number[][]>;

export function encodeBatch(tokenizer: PreTrainedTokenizer, texts: string[]): EncodedBatch {
  const encoded = tokenizer(texts, {
    padding: true,
    truncation: true,
    return_tensor: false,
  }) as unknown as TokenArrays;
  const ids = encoded['input_ids'];
  const attention = encoded['attention_mask'];
  if (!ids || !attention) throw new Error('the tokenizer returned no input_ids or attention_mask');
  const rows = ids.length;
  const tokens = ids[0]?.length ?? 0;
  const inputs: Record<string, Tensor> = {};
  for (const [name, values] of Object.entries(encoded)) {
    const data = new BigInt64Array(rows * tokens);
    values.forEach((row, index) => {
      for (let token = 0; token < tokens; token += 1) {
        data[index * tokens + token] = BigInt(row[token] ?? 0);
      }
    });
    inputs[name] = new Tensor('int64', data, [rows, tokens]);
  }
  const mask = new Uint8Array(rows * tokens);
  attention.forEach((row, index) => {
    for (let token = 0; token < tokens; token += 1)
      mask[index * tokens + token] = row[token] ? 1 : 0;
  });
  return { inputs, mask, rows, tokens };
}
