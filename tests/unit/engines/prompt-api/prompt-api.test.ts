import { describe, expect, it } from 'vitest';
import {
  contextUsageOf,
  contextWindowOf,
  findLanguageModel,
  measureUsage,
  type LanguageModelSession,
} from '../../../../src/adapters/engines/prompt-api/prompt-api.ts';

/** A session that has only the members given. */
function sessionWith(members: Record<string, unknown>): LanguageModelSession {
  return members as unknown as LanguageModelSession;
}

describe('Prompt API feature detection', () => {
  it('finds no model where the browser has no LanguageModel, or one without its statics', () => {
    expect(findLanguageModel({})).toBeUndefined();
    expect(findLanguageModel({ LanguageModel: {} })).toBeUndefined();
    expect(findLanguageModel({ LanguageModel: null })).toBeUndefined();
    const factory = { availability: async () => 'available', create: async () => ({}) };
    expect(findLanguageModel({ LanguageModel: factory })).toBe(factory);
  });

  it('reads the current names first, then the older ones, and nothing else', async () => {
    const both = sessionWith({
      contextUsage: 10,
      contextWindow: 9216,
      inputUsage: 1,
      inputQuota: 1,
      measureContextUsage: async () => 7,
      measureInputUsage: async () => 1,
    });
    expect([
      contextUsageOf(both),
      contextWindowOf(both),
      await measureUsage(both, 'x', {}),
    ]).toEqual([10, 9216, 7]);
    const older = sessionWith({
      inputUsage: 3,
      inputQuota: 4096,
      measureInputUsage: async () => 2,
    });
    expect([
      contextUsageOf(older),
      contextWindowOf(older),
      await measureUsage(older, 'x', {}),
    ]).toEqual([3, 4096, 2]);
    const neither = sessionWith({ contextWindow: Infinity });
    expect([
      contextUsageOf(neither),
      contextWindowOf(neither),
      await measureUsage(neither, 'x', {}),
    ]).toEqual([undefined, undefined, undefined]);
  });
});
