import { proposeCandidate } from '../../agents/refine/proposer.ts';
import type { ThoroughOptions } from '../../agents/refine/thorough-options.ts';
import type { StrategyName } from '../../llm/budget.ts';
import type { Strategy } from '../strategy.ts';
import { directStrategy } from './direct.ts';
import { createPlanStrategy } from './plan.ts';
import { singleStrategy } from './single.ts';
import { createThoroughStrategy } from './thorough.ts';
import { answerWithSingle } from './sub-answer.ts';
import { unifiedStrategy } from './unified.ts';

/** Every strategy, with the planner's competitors and thorough mode's switches. */
export function defaultStrategies(
  options: { competitors?: 1 | 2 | 3; thorough?: Partial<ThoroughOptions> } = {},
): Partial<Record<StrategyName, Strategy>> & { single: Strategy } {
  return {
    direct: directStrategy,
    single: singleStrategy,
    plan: createPlanStrategy({
      answerSubQuestion: answerWithSingle,
      competitors: options.competitors,
    }),
    unified: unifiedStrategy,
    thorough: createThoroughStrategy({ ...options.thorough, propose: proposeCandidate }),
  };
}
