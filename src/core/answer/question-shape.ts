/**
 * Questions a reader without a language model cannot answer from one sentence, told by their
 * wording: comparisons ("Which is older, X or Y?", "Are both X and Y …?", "Were they of the same
 * nationality?").
 */

/** A yes/no question: it starts with a form of "be", "do" or "have", or a modal verb. */
const YES_NO_START =
  /^\s*(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should)\b/i;
/** Words that set two things side by side. */
const SIDE_BY_SIDE = /\b(?:both|same|either|neither|compared?|comparison|than)\b/i;
/** A comparative or superlative that asks which of two things wins. */
const COMPARATIVE =
  /\b(?:first|earlier|earliest|later|latest|older|oldest|younger|youngest|longer|longest|shorter|shortest|larger|largest|bigger|biggest|smaller|smallest|more|most|less|least|fewer|higher|highest|lower|lowest|closer|farther|further)\b/i;

/** Whether the question compares two or more things (so no one sentence states its answer). */
export function isComparison(question: string): boolean {
  if (SIDE_BY_SIDE.test(question)) return true;
  const choice = /\bor\b/i.test(question);
  if (choice && (COMPARATIVE.test(question) || YES_NO_START.test(question))) return true;
  return YES_NO_START.test(question) && /\band\b/i.test(question);
}
