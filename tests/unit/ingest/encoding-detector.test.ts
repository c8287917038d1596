import { describe, expect, it } from 'vitest';
import {
  detectLegacyEncoding,
  loadEncodingDetector,
} from '../../../src/core/ingest/encoding-detector.ts';
import { encodeLegacy } from '../../support/legacy-encoding.ts';

describe('the encoding detector, loaded on demand', () => {
  it('refuses to guess before it is loaded, then detects once loaded (one load for many calls)', async () => {
    const bytes = encodeLegacy('Привет, как дела? Это простой русский текст.', 'windows-1251');
    expect(() => detectLegacyEncoding(bytes)).toThrow(/loadEncodingDetector/);
    const first = loadEncodingDetector();
    expect(loadEncodingDetector()).toBe(first);
    await first;
    expect(detectLegacyEncoding(bytes)).toBe('windows-1251');
  });
});
