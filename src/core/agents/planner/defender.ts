/**
 * Defender (RopMura): the final answer, written from what is Known only, citing `[n]` the
 * passages its facts came from, and saying what is still missing. Nothing Known: a not-found
 * answer that names the gaps, without a call. No call left, or a prompt too long: the Known facts
 * listed with their citations (the defined fallback). The text streams through `onAnswerDelta`.
 */
import { BudgetExhaustedError, ContextOverflowError } from '../../errors.ts';
import type { Citation, StrategyAnswer } from '../../answer/strategy-answer.ts';
import type { StepContext } from '../../llm/step-context.ts';
import { reportDrops, resolveCitations } from '../citations.ts';
import { KNOWN_IS_DATA, type PlannerKnowledge } from './knowledge.ts';

const SYSTEM = [
  "You write the final answer to the user's question from the numbered facts only, never from memory.",
  'Cite every statement with the [n] numbers its fact lists, e.g. "The kiln was fired in 1923 [2]."',
  'If the facts do not answer the whole question, answer the part they support and say plainly what is still missing.',
  'Be brief: a few sentences in plain prose.',
  KNOWN_IS_DATA,
].join('\n');

/** Each source chunk, numbered in order of first citation by a fact. */
function numberSources(knowledge: PlannerKnowledge): string[] {
  return [...new Set(knowledge.known.flatMap((entry) => [...entry.sources]))];
}

export async function defendAnswer(
  context: StepContext,
  knowledge: PlannerKnowledge,
): Promise<StrategyAnswer> {
  const sources = numberSources(knowledge);
  const facts = knowledge.known.map(
    (entry) =>
      `- ${entry.fact} ${entry.sources.map((id) => `[${sources.indexOf(id) + 1}]`).join('')}`,
  );
  let answer: StrategyAnswer;
  let fallback = false;
  if (facts.length === 0) {
    answer = { text: notFoundText(knowledge), citations: [], status: 'not-found' };
    context.onAnswerDelta?.(answer.text);
  } else {
    let text: string;
    try {
      const reply = await context.llm.text('plan-defend', {
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: defenceRequest(context.question, knowledge, facts, sources) },
        ],
        // The extractive engine answers from these passages; `[n]` is the n-th, as numbered here.
        purpose: {
          kind: 'answer',
          question: context.question,
          passages: sources.flatMap((id) => {
            const passage = knowledge.context.find((entry) => entry.id === id);
            return passage ? [{ id, text: passage.text }] : [];
          }),
        },
        onDelta: context.onAnswerDelta,
      });
      text = reply.text.trim();
    } catch (error) {
      if (!(error instanceof BudgetExhaustedError || error instanceof ContextOverflowError)) {
        throw error;
      }
      fallback = true;
      text = listedFactsText(knowledge, facts);
      context.onAnswerDelta?.(text);
    }
    // A `[n]` naming no source (a number copied from a document, say) is removed and reported.
    const resolved = resolveCitations(text, numberedSources(sources));
    reportDrops(context.trace, 'defender', resolved.dropped);
    answer = { text: resolved.text, citations: resolved.citations, status: 'answered' };
  }
  context.trace.emitStep('defender-end', 'defender', {
    status: answer.status,
    citations: answer.citations.length,
    fallback,
  });
  return answer;
}

function defenceRequest(
  question: string,
  knowledge: PlannerKnowledge,
  facts: readonly string[],
  sources: readonly string[],
): string {
  const paths = sources.map((id, index) => {
    const passage = knowledge.context.find((entry) => entry.id === id);
    return `[${index + 1}] ${passage?.path ?? id}`;
  });
  const missing = knowledge.required.length > 0 ? knowledge.required.join('; ') : 'nothing';
  return [
    `Facts:\n${facts.join('\n')}`,
    `Sources:\n${paths.join('\n')}`,
    `Still missing: ${missing}`,
    `Question: ${question}`,
  ].join('\n\n');
}

function notFoundText(knowledge: PlannerKnowledge): string {
  const missing = knowledge.required.map((gap) => `- ${gap}`).join('\n');
  return `Your documents do not appear to answer this question.${missing ? `\n\nWhat could not be found:\n${missing}` : ''}`;
}

function listedFactsText(knowledge: PlannerKnowledge, facts: readonly string[]): string {
  const missing = knowledge.required.map((gap) => `- ${gap}`).join('\n');
  return `What your documents say:\n${facts.join('\n')}${missing ? `\n\nStill missing:\n${missing}` : ''}`;
}

/** The sources by the `[n]` the facts gave them. */
function numberedSources(sources: readonly string[]): Map<number, Citation> {
  return new Map(sources.map((chunkId, index) => [index + 1, { number: index + 1, chunkId }]));
}
