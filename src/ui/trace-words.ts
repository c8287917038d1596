/** The words the trace lines use for the codes its events hold, one for each code. */
import type { TraceEventOf } from '../core/llm/trace-events.ts';

type Words<Code extends string> = Readonly<Record<Code, string>>;

/** Why a step took its default instead of the model's reply. */
export const FALLBACK_REASONS: Words<TraceEventOf<'llm-call-fallback'>['reason']> = {
  malformed: 'the reply could not be read, so the step took its default',
  'budget-exhausted': 'no model calls were left, so the step took its default',
  'context-overflow': 'the prompt did not fit the model, so the step took its default',
};

export const CHOSEN_BY: Words<TraceEventOf<'strategy-choose'>['by']> = {
  router: 'chosen by router',
  user: 'chosen by user',
  engine: 'no language model',
};

export const PLAN_STOPS: Words<TraceEventOf<'plan-end'>['reason']> = {
  'no-gaps': 'nothing left to find out',
  answerable: 'the judge found it answerable',
  'no-new-subquestion': 'no new sub-question to ask',
  rounds: 'no rounds left',
  calls: 'no model calls left',
};

export const NEEDS_MODEL_REASONS: Words<NonNullable<TraceEventOf<'reading-end'>['reason']>> = {
  'multi-part': 'they look relevant, but combining them needs a language model',
  comparison: 'they look relevant, but comparing them needs a language model',
  'low-confidence': 'they look relevant, but no single short answer stands out',
};

/** What a stage did to a candidate's text ("Candidate 1 proposed: …"). */
export const STAGE_VERBS: Words<TraceEventOf<'candidate-end'>['stage']> = {
  proposal: 'proposed',
  correction: 'corrected',
  refinement: 'refined',
  rework: 'reworked',
};

/** Stages as `stage-skip` names them. */
export const STAGE_NAMES: Words<TraceEventOf<'stage-skip'>['stage']> = {
  proposal: 'proposal',
  correction: 'correction',
  hsr: 'anchor-reference refinement',
  qair: 'quality iteration',
  scoring: 'scoring',
};

export const STAGE_SKIP_REASONS: Words<TraceEventOf<'stage-skip'>['reason']> = {
  budget: 'the budget is spent',
  disabled: 'turned off',
  'single-candidate': 'only one candidate',
};

/** Why a stage's rewrite was not used (`candidate-keep`). */
export const KEEP_REASONS: Words<TraceEventOf<'candidate-keep'>['reason']> = {
  malformed: 'output unusable',
  budget: 'skipped, budget spent',
  'context-overflow': 'skipped, prompt too long',
};

export const INJECTION_SKIP_REASONS: Words<TraceEventOf<'injection-skip'>['reason']> = {
  cap: 'it already has the most notes allowed',
  budget: 'the budget is spent',
  'no-results': 'the search found nothing',
  irrelevant: 'the passages found do not help',
};

export const MONITOR_REASONS: Words<NonNullable<TraceEventOf<'monitor-check'>['reason']>> = {
  'check-cap': 'no checks left for this candidate',
};

/** Why quality iteration stopped (`qair-end`). */
export const QUALITY_STOP_REASONS: Words<TraceEventOf<'qair-end'>['reason']> = {
  passed: 'every candidate passed',
  rounds: 'no rounds left',
  budget: 'the budget is spent',
};
