/**
 * `direct`: small talk and general knowledge, answered by the model without searching the
 * documents; the answer streams as it is written and cites nothing. An engine with no model (the
 * extractive one) writes nothing, and the answer then says that this needs a language model.
 */
import type { Strategy } from '../strategy.ts';

const STEP = 'direct-answer';

const SYSTEM = [
  'You are Archivist, an assistant for questions about the user’s own documents.',
  'This question needs no search of the documents: reply briefly and helpfully from general knowledge, or to the small talk.',
  'If it does need facts only the user’s documents could hold, say that searching the documents would be needed.',
].join('\n');

export const NO_MODEL_TEXT =
  'Answering without the documents needs a language model; choose one in Settings, or ask about your documents.';

export const directStrategy: Strategy = async (context) => {
  let streamed = false;
  const reply = await context.llm.text(STEP, {
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: context.question },
    ],
    purpose: { kind: 'control', step: STEP },
    onDelta: (text) => {
      streamed = true;
      context.onAnswerDelta?.(text);
    },
  });
  const text = reply.text.trim();
  context.trace.emitStep('answer-end', STEP, { characters: text.length });
  if (text.length > 0) return { text, citations: [], status: 'answered' };
  if (!streamed) context.onAnswerDelta?.(NO_MODEL_TEXT);
  return { text: NO_MODEL_TEXT, citations: [], status: 'not-found' };
};
