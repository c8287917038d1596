import { describe, expect, it } from 'vitest';
import { BudgetExhaustedError } from '../../../src/core/errors.ts';
import { BudgetTracker, DEFAULT_BUDGETS, ROUTER_BUDGET } from '../../../src/core/llm/budget.ts';
import { SAFETY_MARGIN_TOKENS } from '../../../src/core/llm/prompt-fit.ts';
import { Trace } from '../../../src/core/llm/trace.ts';

describe('BudgetTracker', () => {
  it('counts calls and throws, after a trace event, when none is left', () => {
    const trace = new Trace(() => 0);
    const tracker = new BudgetTracker({ ...DEFAULT_BUDGETS.single, maxLlmCalls: 2 }, trace);
    tracker.useCall('route');
    expect(tracker.canCall()).toBe(true);
    expect(tracker.remainingCalls).toBe(1);
    tracker.useCall('answer');
    expect(tracker.canCall()).toBe(false);
    expect(() => tracker.useCall('answer')).toThrow(BudgetExhaustedError);
    expect(tracker.llmCallsUsed).toBe(2);
    expect(trace.events).toEqual([
      { type: 'budget-exhausted', at: 0, step: 'answer', limit: 'llm-calls', max: 2 },
    ]);
  });

  it('bounds rounds, so every loop terminates', () => {
    const tracker = new BudgetTracker(DEFAULT_BUDGETS.plan);
    const rounds: number[] = [];
    while (tracker.canStartRound()) rounds.push(tracker.startRound('plan'));
    expect(rounds).toEqual([1, 2, 3]);
    expect(tracker.roundsStarted).toBe(3);
    const error = (() => {
      try {
        tracker.startRound('plan');
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(BudgetExhaustedError);
    expect(error).toMatchObject({ name: 'BudgetExhaustedError', limit: 'rounds', max: 3 });
    expect((error as Error).message).toContain('3 rounds');
  });

  it('has defaults whose prompts and completions fit a 4,096-token window', () => {
    for (const budget of [ROUTER_BUDGET, ...Object.values(DEFAULT_BUDGETS)]) {
      expect(budget.maxPromptTokens + budget.maxCompletionTokens).toBeLessThanOrEqual(
        4096 - SAFETY_MARGIN_TOKENS,
      );
      expect(budget.maxLlmCalls).toBeGreaterThanOrEqual(budget.maxRounds);
    }
  });
});
