/**
 * The coordinator: rates each specialist's response good (its analysis quotes passages that
 * support its answer), conjecture (an answer the quotes do not carry) or unhelpful (no answer),
 * and writes the final answer from the good ones, citing their quotes as `[n]`. Without ratings
 * (malformed output, or an engine that returns the schema's default) they follow that rule
 * mechanically; without an answer text, it is each good response's answer in bold with its first
 * quote cited. The text reaches `onAnswerDelta` once its citations are checked. When no
 * response has an answer, no call is made: the documents do not hold it.
 */
import * as schema from '../llm/json-schema.ts';
import type { LlmClient } from '../llm/llm-client.ts';
import type { Citation, StrategyAnswer } from '../answer/strategy-answer.ts';
import type { Trace } from '../llm/trace.ts';
import { reportDrops, resolveCitations } from './citations.ts';
import type { SpecialistResponse } from './specialist.ts';
import { escapeMarkdown } from '../markdown-escape.ts';

const RATING = schema.enumeration(['good', 'conjecture', 'unhelpful']);
export type Rating = schema.SchemaValue<typeof RATING>;

export interface CoordinatorContext {
  llm: LlmClient;
  trace: Trace;
  /** Receives the final answer's text once its citations are checked. */
  onAnswerDelta?: (text: string) => void;
}

export interface CoordinatorInput {
  question: string;
  responses: readonly SpecialistResponse[];
}

export interface CoordinatorOutput extends StrategyAnswer {
  /** One per response, in order. */
  ratings: Rating[];
}

const STEP = 'coordinator';
export const NOT_FOUND_TEXT = "The documents don't contain the answer to this question.";

/** What the reply must be (exported for the tests of the model-reply reader). */
export const COORDINATOR_SCHEMA = schema.object({
  ratings: schema.array(schema.object({ response: schema.integer(), rating: RATING })),
  answer: schema.string(),
});

const SYSTEM = [
  'You check the answers that research assistants found in the documents and write the final answer.',
  'Passage n is the response of assistant n: an analysis, numbered quotes such as [4] "…", and an answer.',
  'Rate each response: "good" when its quotes support its answer and the answer solves the question; "conjecture" when the answer goes beyond its quotes; "unhelpful" when it has no answer.',
  'Then write the answer from the good responses only: start with the short answer in bold (**…**), then at most two sentences; after each claim put the number of the quote that supports it, as [4].',
  'If no response is good, set answer to an empty string.',
  'Reply with JSON: ratings (response number and rating) and answer.',
].join('\n');

export async function coordinateAnswer(
  context: CoordinatorContext,
  input: CoordinatorInput,
): Promise<CoordinatorOutput> {
  const available = new Map<number, Citation>();
  const blocks = input.responses.map((response, index) => {
    const quotes = response.quotes.map(({ chunkId, quote }) => {
      const number = available.size + 1;
      available.set(number, { number, chunkId, quote });
      return `[${number}] "${quote}"`;
    });
    return {
      id: String(index + 1),
      text: [
        `Analysis: ${response.analysis || '(none)'}`,
        `Quotes:\n${quotes.join('\n') || '(none)'}`,
        `Answer: ${response.answer ?? '(no answer)'}`,
      ].join('\n'),
    };
  });
  const ruled = input.responses.map(ruleRating);
  if (ruled.every((rating) => rating === 'unhelpful')) {
    return finish(context, { text: NOT_FOUND_TEXT, citations: [], status: 'not-found' }, ruled);
  }
  const prompt = context.llm.fitPrompt(
    {
      system: SYSTEM,
      instructions: 'Rate these responses, then answer.',
      question: input.question,
      passages: blocks,
    },
    320,
  );
  const reply = await context.llm.json(STEP, {
    name: 'coordinate',
    schema: COORDINATOR_SCHEMA,
    messages: prompt.messages,
    maxTokens: 320,
    temperature: 0,
    fallback: () => ({ ratings: [], answer: '' }),
  });
  const written = reply.answer.trim();
  // No ratings (malformed output, or the schema default of an engine without a model): by rule.
  const ratings = ruled.map(
    (rule, index) =>
      reply.ratings.find(({ response }) => response === index + 1)?.rating ??
      (reply.ratings.length > 0 ? 'unhelpful' : rule),
  );
  const good = input.responses.filter((_, index) => ratings[index] === 'good');
  if (good.length === 0) {
    return finish(context, { text: NOT_FOUND_TEXT, citations: [], status: 'not-found' }, ratings);
  }
  const goodCitations = new Map(
    [...available].filter(([, citation]) =>
      good.some(({ quotes }) =>
        quotes.some(
          (quote) => quote.chunkId === citation.chunkId && quote.quote === citation.quote,
        ),
      ),
    ),
  );
  const draft = written
    ? withCitations(written, goodCitations)
    : composeFromResponses(good, available);
  const resolved = resolveCitations(draft, goodCitations);
  reportDrops(context.trace, STEP, resolved.dropped);
  return finish(
    context,
    { text: resolved.text, citations: resolved.citations, status: 'answered' },
    ratings,
  );
}

function ruleRating(response: SpecialistResponse): Rating {
  if (response.answer === null) return 'unhelpful';
  return response.quotes.length > 0 ? 'good' : 'conjecture';
}

/** The model's answer, with the good citations appended when it cited none of them. */
function withCitations(text: string, citations: ReadonlyMap<number, Citation>): string {
  const cited = [...text.matchAll(/\[(\d+)\]/g)].some((match) => citations.has(Number(match[1])));
  if (cited || citations.size === 0) return text;
  return `${text} ${[...citations.keys()].map((number) => `[${number}]`).join(' ')}`;
}

/** Each good answer in bold with its first quote cited, one a line. */
function composeFromResponses(
  good: readonly SpecialistResponse[],
  available: ReadonlyMap<number, Citation>,
): string {
  return good
    .map((response) => {
      const first = response.quotes[0];
      const number = [...available.values()].find(
        (citation) => citation.chunkId === first?.chunkId && citation.quote === first?.quote,
      )?.number;
      return `**${escapeMarkdown(response.answer ?? '')}**${number ? ` [${number}]` : ''}`;
    })
    .join('\n');
}

function finish(
  context: CoordinatorContext,
  answer: StrategyAnswer,
  ratings: Rating[],
): CoordinatorOutput {
  context.trace.emitStep('response-rate', STEP, { ratings, status: answer.status });
  context.onAnswerDelta?.(answer.text);
  return { ...answer, ratings };
}
