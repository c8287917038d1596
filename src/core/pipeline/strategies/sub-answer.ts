import type { AnswerSubQuestion } from '../../agents/planner/agent-round.ts';
import { SEARCH_K, singleStrategy } from './single.ts';

/**
 * How the planner answers a sub-question: the `single` path (routing, specialists, coordinator)
 * on the sub-question, sharing the plan's budget and trace; its cited passages come first in the
 * evidence the fact extractor reads.
 */
export const answerWithSingle: AnswerSubQuestion = async (context, subQuestion) => {
  const result = await singleStrategy({
    ...context,
    question: subQuestion,
    searchQuery: subQuestion,
    onAnswerDelta: undefined,
  });
  if (result.status !== 'answered') return { answer: null, evidence: [] };
  const found = await context.retriever.search(subQuestion, {
    k: SEARCH_K,
    signal: context.signal,
  });
  const cited = new Set(result.citations.map((citation) => citation.chunkId));
  const evidence = [
    ...found.filter((passage) => cited.has(passage.id)),
    ...found.filter((passage) => !cited.has(passage.id)),
  ];
  return { answer: result.text, evidence };
};
