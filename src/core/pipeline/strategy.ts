/**
 * The one signature every answering strategy shares. A strategy is a small explicit loop over
 * agent steps (src/core/agents); the driver picks it, gives it its own budget, and turns what it
 * returns into the final answer.
 */
import type { StrategyAnswer } from '../answer/strategy-answer.ts';
import type { StepContext } from '../llm/step-context.ts';

export type Strategy = (context: StepContext) => Promise<StrategyAnswer>;
