/**
 * The answering strategies as the question form offers them. Without a language model only Auto
 * can run as asked (it reads the passages that match best); every other strategy needs a model,
 * and says so instead of being offered.
 */
import type { StrategyChoice } from './clients/library-client.ts';

export interface StrategyOption {
  value: StrategyChoice;
  label: string;
  /** Why it cannot be chosen now; undefined when it can. */
  unavailable?: string;
}

/** Why a strategy other than Auto cannot run without a language model. */
export const NEEDS_MODEL = 'Needs a language model: set one up in Models';

const LABELS: Readonly<Record<StrategyChoice, string>> = {
  auto: 'Auto',
  direct: 'Direct (no documents)',
  single: 'Single search',
  plan: 'Plan (multi-step)',
  unified: 'Unified agent',
  thorough: 'Thorough (slower, checks itself)',
  passages: 'Passages (read without a model)',
};

const ORDER: readonly StrategyChoice[] = [
  'auto',
  'direct',
  'single',
  'plan',
  'unified',
  'thorough',
];

/**
 * The options of the strategy menu (`passages` is not one: it runs by itself whenever no model
 * answers); `withoutModel`: no language model answers now.
 */
export function strategyOptions(withoutModel: boolean): StrategyOption[] {
  return ORDER.map((value) => {
    if (!withoutModel) return { value, label: LABELS[value] };
    if (value === 'auto') return { value, label: 'Auto (reads the passages, no model needed)' };
    return { value, label: `${LABELS[value]}: needs a language model`, unavailable: NEEDS_MODEL };
  });
}

/** A strategy's name as the form shows it (`passages` too, which it does not offer). */
export function strategyLabel(strategy: string): string {
  return (LABELS as Readonly<Record<string, string>>)[strategy] ?? strategy;
}

/**
 * What the form says under the menu, or undefined: without a model, that Auto reads passages,
 * or that the strategy kept from before (one that needs a model) gives way to the passages.
 */
export function strategyHint(strategy: StrategyChoice, withoutModel: boolean): string | undefined {
  if (!withoutModel) return undefined;
  if (strategy === 'auto' || strategy === 'passages') {
    return 'No language model is set up: Auto reads the passages that match your question best and states a short answer only when one stands out. The other strategies need a language model: set one up in Models.';
  }
  return `${LABELS[strategy]} needs a language model, and none is set up: this question will be answered from the passages instead.`;
}

/**
 * What a turn says when its strategy was chosen but the passages answered it (no model was
 * there to run the choice); undefined otherwise.
 */
export function forcedStrategyNote(
  strategyAsked: StrategyChoice,
  strategyRun: string | undefined,
): string | undefined {
  if (strategyAsked === 'auto' || strategyAsked === 'passages' || strategyRun !== 'passages') {
    return undefined;
  }
  return `${LABELS[strategyAsked]} needs a language model, and none was set up, so this answer was read from the passages instead.`;
}
