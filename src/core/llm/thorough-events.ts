/**
 * The fields of thorough mode's trace events, by event name: candidates written, watched by the
 * monitor, given evidence notes, scored, refined and reworked, and the one chosen. Candidates are
 * named by their 1-based id; passages in the run-wide pool by their number.
 */
import * as schema from './json-schema.ts';

/** Where a candidate's current text came from. */
const CANDIDATE_STAGE = schema.enumeration(['proposal', 'correction', 'refinement', 'rework']);
const RETRIEVAL = schema.enumeration(['monitor', 'explicit', 'off']);

export const THOROUGH_EVENTS = {
  'thorough-start': schema.object({
    candidates: schema.integer(),
    retrieval: RETRIEVAL,
    maxInjections: schema.integer(),
    maxMonitorChecks: schema.integer(),
    /** Anchor-reference refinement on. */
    hsr: schema.boolean(),
    /** Quality-aware iteration (scoring and rework) on. */
    qair: schema.boolean(),
    /** Passages the first search found. */
    passages: schema.integer(),
  }),
  'candidate-start': schema.object({
    candidate: schema.integer(),
    temperature: schema.number(),
    retrieval: RETRIEVAL,
  }),
  /** A candidate's text written by a stage; no answer when it has none or does not know. */
  'candidate-end': schema.object(
    {
      candidate: schema.integer(),
      stage: CANDIDATE_STAGE,
      text: schema.string(),
      /** Evidence notes spliced into it. */
      injections: schema.integer(),
    },
    { answer: schema.string() },
  ),
  /** A stage's rewrite was not used: the candidate stays as it was. */
  'candidate-keep': schema.object({
    candidate: schema.integer(),
    stage: CANDIDATE_STAGE,
    reason: schema.enumeration(['malformed', 'budget', 'context-overflow']),
  }),
  /**
   * A window of a candidate's streamed reasoning checked for a knowledge gap: by the model
   * (`llm`), its stand-in (`fallback`), or by the signals alone once the checks were spent.
   */
  'monitor-check': schema.object(
    {
      candidate: schema.integer(),
      windowStart: schema.integer(),
      windowEnd: schema.integer(),
      signals: schema.array(schema.string()),
      gap: schema.boolean(),
      /** The uncertain claim; empty when there is no gap. */
      span: schema.string(),
      decidedBy: schema.enumeration(['llm', 'fallback', 'signals']),
    },
    { reason: schema.enumeration(['check-cap']) },
  ),
  'query-write': schema.object(
    {
      candidate: schema.integer(),
      queries: schema.array(schema.string()),
      decidedBy: schema.enumeration(['querier', 'fallback']),
    },
    { span: schema.string() },
  ),
  /** An evidence note spliced into a candidate, written from the pool's `passages`. */
  'injection-end': schema.object({
    candidate: schema.integer(),
    injection: schema.integer(),
    span: schema.string(),
    queries: schema.array(schema.string()),
    passages: schema.array(schema.integer()),
    note: schema.string(),
    decidedBy: schema.enumeration(['injector', 'fallback']),
  }),
  'injection-skip': schema.object(
    {
      candidate: schema.integer(),
      reason: schema.enumeration(['cap', 'budget', 'no-results', 'irrelevant']),
    },
    {
      span: schema.string(),
      queries: schema.array(schema.string()),
      windowStart: schema.integer(),
      windowEnd: schema.integer(),
    },
  ),
  /** Explicit retrieval: a candidate's searches before it is written. */
  'retrieval-explicit': schema.object({
    candidate: schema.integer(),
    queries: schema.array(schema.string()),
    passages: schema.array(schema.integer()),
  }),
  'anchor-refine': schema.object({
    anchor: schema.integer(),
    references: schema.array(schema.integer()),
  }),
  /** The evaluator's score (each 0-5); `fallback`: no usable evaluation, q at the threshold. */
  'candidate-score': schema.object({
    candidate: schema.integer(),
    round: schema.integer(),
    logic: schema.number(),
    answer: schema.number(),
    explanation: schema.number(),
    q: schema.number(),
    passed: schema.boolean(),
    suggestions: schema.string(),
    decidedBy: schema.enumeration(['evaluator', 'fallback']),
  }),
  'candidate-rework': schema.object({ candidate: schema.integer(), round: schema.integer() }),
  /** Quality iteration's end, with the candidates still below the threshold. */
  'qair-end': schema.object({
    reason: schema.enumeration(['passed', 'rounds', 'budget']),
    rounds: schema.integer(),
    failed: schema.array(schema.integer()),
  }),
  /** The ranker's choice, or the best by scores when the ranker gave none. */
  'rank-end': schema.object({
    chosen: schema.integer(),
    decidedBy: schema.enumeration(['ranker', 'scores']),
    reason: schema.string(),
    scores: schema.array(
      schema.object(
        { candidate: schema.integer() },
        { q: schema.number(), answer: schema.string() },
      ),
    ),
  }),
  /** The chosen candidate has no answer: another one that has is taken. */
  'rank-override': schema.object({
    from: schema.integer(),
    to: schema.integer(),
    reason: schema.string(),
  }),
  /** A stage not run (for one candidate, or all); fewer proposals than planned for `proposal`. */
  'stage-skip': schema.object(
    {
      stage: schema.enumeration(['proposal', 'correction', 'hsr', 'qair', 'scoring']),
      reason: schema.enumeration(['budget', 'disabled', 'single-candidate']),
    },
    { candidate: schema.integer(), planned: schema.integer(), proposing: schema.integer() },
  ),
  /** The run's end: the candidate chosen, if any. */
  'thorough-end': schema.object(
    { candidates: schema.integer(), rounds: schema.integer() },
    { chosen: schema.integer() },
  ),
};
