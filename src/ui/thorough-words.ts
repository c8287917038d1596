/**
 * The words the trace uses for thorough mode's stages and reasons. An unknown code is shown as
 * it came (`wordFor`), so a new reason still reads as something.
 */

/** What a stage did to a candidate's text ("Candidate 1 proposed: …"). */
export const STAGE_VERBS: Readonly<Record<string, string>> = {
  proposal: 'proposed',
  correction: 'corrected',
  refinement: 'refined',
  rework: 'reworked',
};

/** Stages as `stage-skip` names them. */
export const STAGE_NAMES: Readonly<Record<string, string>> = {
  proposal: 'proposal',
  correction: 'correction',
  refinement: 'refinement',
  rework: 'rework',
  hsr: 'anchor-reference refinement',
  qair: 'quality iteration',
  scoring: 'scoring',
};

export const STAGE_SKIP_REASONS: Readonly<Record<string, string>> = {
  budget: 'the budget is spent',
  disabled: 'turned off',
  'single-candidate': 'only one candidate',
};

/** Why a stage's rewrite was not used (`candidate-keep`). */
export const KEEP_REASONS: Readonly<Record<string, string>> = {
  malformed: 'output unusable',
  budget: 'skipped, budget spent',
  'context-overflow': 'skipped, prompt too long',
};

export const INJECTION_SKIP_REASONS: Readonly<Record<string, string>> = {
  cap: 'it already has the most notes allowed',
  budget: 'the budget is spent',
  'no-results': 'the search found nothing',
  irrelevant: 'the passages found do not help',
};

export const MONITOR_REASONS: Readonly<Record<string, string>> = {
  'check-cap': 'no checks left for this candidate',
};

/** Why quality iteration stopped (`qair-end`). */
export const QUALITY_STOP_REASONS: Readonly<Record<string, string>> = {
  passed: 'every candidate passed',
  rounds: 'no rounds left',
  budget: 'the budget is spent',
};

export function wordFor(words: Readonly<Record<string, string>>, code: string): string {
  return words[code] ?? code;
}
