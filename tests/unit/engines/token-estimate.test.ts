import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../../src/adapters/engines/token-estimate.ts';

describe('estimateTokens', () => {
  it('counts about four characters of English per token, at least one per word', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('a b c d')).toBe(4);
    expect(estimateTokens('internationalisation')).toBe(5);
  });

  it('counts each Han, kana or Hangul character as a token', () => {
    expect(estimateTokens('東京は日本の首都です')).toBe(10);
    expect(estimateTokens('서울은 한국의 수도')).toBe(8);
  });
});
