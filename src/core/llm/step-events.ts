/**
 * The fields of the answering steps' trace events, by event name (thorough mode's are in
 * thorough-events.ts): the strategy's choice, follow-up rewriting, retrieval, the reading without
 * a model, the evidence filter, specialists and coordinator, the planner and the unified loop.
 * Events hold no null: a value that may be missing is an optional field.
 */
import * as schema from './json-schema.ts';

/** How a strategy's answer ended. */
const ANSWER_STATUS = schema.enumeration(['answered', 'not-found', 'passages']);
/** A search's passages, best first, with their fused scores. */
const SCORED_PASSAGES = schema.array(
  schema.object({ id: schema.string(), score: schema.number() }),
);

export const ANSWERING_EVENTS = {
  /** The strategy that runs: the router's choice, the user's, or the engine's (no model). */
  'strategy-choose': schema.object(
    {
      strategy: schema.string(),
      reason: schema.string(),
      by: schema.enumeration(['router', 'engine', 'user']),
    },
    { query: schema.string() },
  ),
  /** The strategy asked for does not run here; `running` does instead. */
  'strategy-fallback': schema.object({
    wanted: schema.string(),
    running: schema.string(),
    reason: schema.string(),
  }),
  /** A follow-up question made to stand alone, or searched as asked or with earlier words. */
  'question-rewrite': schema.object({
    original: schema.string(),
    standalone: schema.string(),
    searchTerms: schema.array(schema.string()),
    by: schema.enumeration(['model', 'as-asked', 'fallback']),
    reason: schema.string(),
    /** The earlier exchanges the rewrite read. */
    turns: schema.integer(),
  }),
  /** The collections whose knowledge boundary lies nearest the query. */
  'collections-route': schema.object({
    query: schema.string(),
    topK: schema.integer(),
    selected: schema.array(schema.string()),
  }),
  'retrieval-start': schema.object(
    { query: schema.string(), k: schema.integer() },
    {
      collectionId: schema.string(),
      collectionIds: schema.array(schema.string()),
      round: schema.integer(),
      candidate: schema.integer(),
    },
  ),
  'retrieval-end': schema.object(
    { passages: SCORED_PASSAGES },
    {
      collectionId: schema.string(),
      round: schema.integer(),
      candidate: schema.integer(),
      query: schema.string(),
    },
  ),
  /** The `passages` strategy's reading: what it found without a model. */
  'reading-end': schema.object(
    {
      outcome: schema.enumeration(['answer', 'needs-model', 'nothing']),
      threshold: schema.number(),
      relevance: schema.number(),
      relevanceFloor: schema.number(),
      /** The passages shown. */
      passages: schema.integer(),
    },
    {
      reason: schema.enumeration(['multi-part', 'comparison', 'low-confidence']),
      /** The best span, stated (`answer`) or a guess (`needs-model`). */
      answer: schema.string(),
      confidence: schema.number(),
    },
  ),
  'evidence-filter': schema.object({
    question: schema.string(),
    offered: schema.array(schema.string()),
    kept: schema.array(schema.string()),
    decidedBy: schema.enumeration(['filter', 'fallback']),
  }),
  /** No call left for the filter: the best-ranked passages were kept. */
  'filter-skip': schema.object(
    { reason: schema.enumeration(['budget']) },
    { collectionId: schema.string(), query: schema.string() },
  ),
  /** A specialist's answer from one collection; none when its passages do not hold it. */
  'specialist-answer': schema.object(
    {
      collectionId: schema.string(),
      passages: schema.array(schema.string()),
      quotes: schema.integer(),
      droppedQuotes: schema.integer(),
    },
    { answer: schema.string() },
  ),
  'response-rate': schema.object({
    ratings: schema.array(schema.enumeration(['good', 'conjecture', 'unhelpful'])),
    status: ANSWER_STATUS,
  }),
  /** A quote or an `[n]` that does not hold, left out of the answer. */
  'citation-drop': schema.object(
    {
      reason: schema.enumeration([
        'unknown-passage',
        'not-in-passage',
        'empty-quote',
        'unknown-number',
      ]),
    },
    { chunkId: schema.string(), quote: schema.string(), number: schema.integer() },
  ),
  'plan-start': schema.object({ competitors: schema.integer(), maxRounds: schema.integer() }),
  'round-start': schema.object({ round: schema.integer() }),
  'subquestion-split': schema.object({
    agent: schema.integer(),
    candidates: schema.array(schema.string()),
  }),
  /** The sub-question asked next; none when nothing new is left to ask. */
  'subquestion-select': schema.object(
    { agent: schema.integer(), newCandidates: schema.integer() },
    { subQuestion: schema.string() },
  ),
  'subanswer-end': schema.object(
    {
      agent: schema.integer(),
      subQuestion: schema.string(),
      evidence: schema.array(schema.string()),
    },
    { answer: schema.string() },
  ),
  'knowledge-update': schema.object({
    agent: schema.integer(),
    added: schema.integer(),
    known: schema.array(
      schema.object({ fact: schema.string(), sources: schema.array(schema.string()) }),
    ),
    required: schema.array(schema.string()),
  }),
  'judge-end': schema.object({
    agent: schema.integer(),
    answerable: schema.boolean(),
    reason: schema.string(),
  }),
  'leader-select': schema.object({
    round: schema.integer(),
    leader: schema.integer(),
    gaps: schema.array(schema.integer()),
  }),
  'plan-end': schema.object({
    reason: schema.enumeration(['no-gaps', 'answerable', 'no-new-subquestion', 'rounds', 'calls']),
    rounds: schema.integer(),
    leader: schema.integer(),
    known: schema.integer(),
    required: schema.array(schema.string()),
  }),
  /** The planner's final answer; `fallback`: the facts found, listed without a model call. */
  'defender-end': schema.object({
    status: ANSWER_STATUS,
    citations: schema.integer(),
    fallback: schema.boolean(),
  }),
  'unified-start': schema.object({ maxSearches: schema.integer(), maxCalls: schema.integer() }),
  'thought-end': schema.object(
    {
      thought: schema.string(),
      action: schema.enumeration(['search', 'answer']),
      decidedBy: schema.enumeration(['model', 'rule']),
      /** Passages in working memory. */
      memory: schema.integer(),
    },
    { query: schema.string() },
  ),
  'memory-update': schema.object({
    round: schema.integer(),
    query: schema.string(),
    added: schema.array(schema.string()),
    passages: schema.integer(),
  }),
  'unified-end': schema.object({
    reason: schema.enumeration(['answer', 'repeated-query', 'searches', 'calls']),
    searches: schema.integer(),
    passages: schema.array(schema.string()),
  }),
  /** The `direct` strategy's answer, written without the documents. */
  'answer-end': schema.object({ characters: schema.integer() }),
};
