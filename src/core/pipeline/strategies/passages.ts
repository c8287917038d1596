/**
 * `passages`: the answer without a language model. One search; the best passage of each of the
 * first three files; the reader (core/answer/reader.ts) picks the best sentence of each and a
 * short answer with its confidence; the answer states that short answer only when the reader is
 * confident, shows the passages when they look relevant, and says that nothing matches when no
 * passage clears the relevance floor. No model call is made: the trace counts engine steps.
 */
import { READER_MODELS, READING_CALIBRATION } from '../../answer/reader-weights.ts';
import { readPassages } from '../../answer/reader.ts';
import { decideReading } from '../../answer/reading-decision.ts';
import { readingMarkdown } from '../../answer/reading-text.ts';
import type { Strategy } from '../strategy.ts';
import { findPassages, PASSAGE_SEARCH_K } from './passage-search.ts';

const STEP = 'passages';

export const passagesStrategy: Strategy = async (context) => {
  const query = context.searchQuery ?? context.question;
  context.trace.emitStep('retrieval-start', STEP, { query, k: PASSAGE_SEARCH_K });
  context.signal?.throwIfAborted();
  const passages = await findPassages(context.retriever, query, context.signal);
  context.signal?.throwIfAborted();
  context.trace.emitStep('retrieval-end', STEP, {
    passages: passages.map(({ id, score }) => ({ id, score })),
  });
  const output = readPassages(context.question, passages, READER_MODELS);
  const reading = decideReading(context.question, passages, output, READING_CALIBRATION);
  context.trace.emitStep('reading-end', STEP, {
    outcome: reading.outcome,
    ...(reading.reason ? { reason: reading.reason } : {}),
    ...(reading.bestSpan
      ? { answer: reading.bestSpan.text, confidence: reading.bestSpan.confidence }
      : {}),
    threshold: READING_CALIBRATION.threshold,
    relevance: output.relevance,
    relevanceFloor: READING_CALIBRATION.relevanceFloor,
    passages: reading.passages.length,
  });
  const text = readingMarkdown(reading);
  context.onAnswerDelta?.(text);
  const citations = reading.passages.map((passage) => ({
    number: passage.number,
    chunkId: passage.chunkId,
    quote: passage.text.slice(passage.sentence.start, passage.sentence.end),
  }));
  const status =
    reading.outcome === 'answer'
      ? 'answered'
      : reading.outcome === 'nothing'
        ? 'not-found'
        : 'passages';
  return { text, citations, status, reading };
};
