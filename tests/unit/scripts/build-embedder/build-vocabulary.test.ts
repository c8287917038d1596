import { describe, expect, it } from 'vitest';
import { tokenizerJson } from '../../../../scripts/build-embedder/model-files.ts';
import { dequantizeRows, quantizeRows } from '../../../../scripts/build-embedder/quantize.ts';
import {
  SPECIAL_TOKENS,
  buildVocabulary,
  numberAliases,
} from '../../../../scripts/build-embedder/vocabulary.ts';

const SOURCE = ['the', ',', 'of', 'well-known', 'one', 'cat', 'three', "'", 'dog', 'first'];

describe('buildVocabulary', () => {
  it('puts the special tokens first, with no source row', () => {
    const vocabulary = buildVocabulary(SOURCE, 100);
    expect(vocabulary.slice(0, 4).map((entry) => entry.token)).toEqual([...SPECIAL_TOKENS]);
    expect(vocabulary.slice(0, 4).every((entry) => entry.sourceRow === -1)).toBe(true);
  });

  it('keeps the most frequent words the tokenizer can produce, in frequency order', () => {
    const vocabulary = buildVocabulary(SOURCE, 3);
    const words = vocabulary.slice(4).filter((entry) => !/^\d/.test(entry.token));
    expect(words.map((entry) => entry.token)).toEqual(['the', 'of', 'one']);
    expect(words.map((entry) => entry.sourceRow)).toEqual([0, 2, 4]);
  });

  it('lets digits borrow the vectors of number words', () => {
    const vocabulary = buildVocabulary(SOURCE, 100);
    const byToken = new Map(vocabulary.map((entry) => [entry.token, entry.sourceRow]));
    expect(byToken.get('1')).toBe(SOURCE.indexOf('one'));
    expect(byToken.get('3')).toBe(SOURCE.indexOf('three'));
    expect(byToken.get('1st')).toBe(SOURCE.indexOf('first'));
    expect(byToken.has('2')).toBe(false);
    expect(numberAliases()).toContainEqual(['20', 'twenty']);
    expect(numberAliases()).toContainEqual(['3rd', 'third']);
  });
});

describe('tokenizerJson', () => {
  it('maps every token to its id and caps word length at the longest word', () => {
    const vocabulary = buildVocabulary(SOURCE, 100);
    const json = tokenizerJson(vocabulary) as {
      model: { vocab: Record<string, number>; max_input_chars_per_word: number };
    };
    expect(json.model.vocab['[UNK]']).toBe(1);
    expect(json.model.vocab['cat']).toBe(vocabulary.findIndex((entry) => entry.token === 'cat'));
    expect(json.model.max_input_chars_per_word).toBe('[PAD]'.length);
  });
});

describe('quantizeRows', () => {
  it('keeps each row within half a step of its scale, and zero rows zero', () => {
    const rows = new Float32Array([0.5, -1, 0.25, 0, 0, 0, 100, 3, -7]);
    const quantized = quantizeRows(rows, 3);
    expect(quantized.scales[1]).toBe(0);
    expect(Math.max(...quantized.values.map(Math.abs))).toBe(127);
    const restored = dequantizeRows(quantized, 3);
    rows.forEach((value, index) => {
      const scale = quantized.scales[Math.floor(index / 3)]!;
      expect(Math.abs(restored[index]! - value)).toBeLessThanOrEqual(scale / 2 + 1e-6);
    });
  });
});
