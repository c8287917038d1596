import { describe, expect, it } from 'vitest';
import {
  forcedStrategyNote,
  NEEDS_MODEL,
  strategyHint,
  strategyLabel,
  strategyOptions,
} from '../../../src/ui/strategy-options.ts';

describe('strategies in the question form', () => {
  it('offers every strategy when a language model answers', () => {
    const options = strategyOptions(false);
    expect(options.map(({ value }) => value)).toEqual([
      'auto',
      'direct',
      'single',
      'plan',
      'unified',
      'thorough',
    ]);
    expect(options.every(({ unavailable }) => unavailable === undefined)).toBe(true);
    expect(options[0]?.label).toBe('Auto');
    expect(strategyHint('plan', false)).toBeUndefined();
  });

  it('turns off the strategies that need a model, saying why, and keeps Auto', () => {
    const options = strategyOptions(true);
    expect(options[0]).toEqual({
      value: 'auto',
      label: 'Auto (reads the passages, no model needed)',
    });
    for (const option of options.slice(1)) {
      expect(option.unavailable).toBe(NEEDS_MODEL);
      expect(option.label).toMatch(/: needs a language model$/);
    }
    expect(NEEDS_MODEL).toBe('Needs a language model: set one up in Models');
    expect(strategyHint('auto', true)).toMatch(/Auto reads the passages.*need a language model/);
  });

  it('says in words that a strategy kept from before gives way to the passages', () => {
    expect(strategyHint('thorough', true)).toBe(
      'Thorough (slower, checks itself) needs a language model, and none is set up: this question will be answered from the passages instead.',
    );
    expect(forcedStrategyNote('plan', 'passages')).toBe(
      'Plan (multi-step) needs a language model, and none was set up, so this answer was read from the passages instead.',
    );
    expect(forcedStrategyNote('auto', 'passages')).toBeUndefined();
    expect(forcedStrategyNote('plan', 'plan')).toBeUndefined();
    expect(forcedStrategyNote('plan', undefined)).toBeUndefined();
    expect(strategyLabel('passages')).toBe('Passages (read without a model)');
    expect(strategyLabel('something-new')).toBe('something-new');
  });
});
