/**
 * The scripted server's replies to thorough mode's steps, derived from the request alone so that
 * runs are repeatable: candidate answers (reasoning that quotes passage 1, and for about half of
 * the questions a hedged sentence early enough for the monitor to interrupt the stream), the
 * injector's note, and quality scores that vary with the candidate's text, so that some
 * candidates fail and are reworked and the rework can pass.
 */
import { ANSWER_LINE_RULE } from '../../src/core/agents/refine/candidate.ts';
import type { ChatMessage } from '../../src/core/ports/chat-engine.ts';
import { stableHash } from '../stable-hash.ts';

/** The injector's system prompt starts so (see src/core/agents/refine/injector.ts). */
const INJECTOR_OPENING = 'You compress search results';
/** A hedge the monitor's free signals catch. */
export const SCRIPTED_HEDGE = 'I am not sure the passages settle this part.';
const FILLER =
  'The other passages describe related details, and none of them contradicts this reading of the documents.';
const ANSWER_WORDS = 8;
const CHECKED = 'Checked again against passage 1 [1].';

/** True for a request that writes a candidate answer (proposal, continuation, correction, refinement). */
export function writesCandidate(messages: readonly ChatMessage[]): boolean {
  return messages.some(
    (message) => message.role === 'system' && message.content.includes(ANSWER_LINE_RULE),
  );
}

export function isInjectorRequest(messages: readonly ChatMessage[]): boolean {
  return messages[0]?.role === 'system' && messages[0].content.startsWith(INJECTOR_OPENING);
}

/**
 * A candidate's text. A proposal hedges when the question's hash is even; a continuation (the
 * request ends with a partial answer and a request to go on) cites the newest note's first
 * passage; a correction or refinement returns the candidate it was given without the hedge and with one more sentence.
 */
export function scriptedCandidate(
  messages: readonly ChatMessage[],
  firstSentence: string | undefined,
): string {
  const user = messages.find((message) => message.role === 'user')?.content ?? '';
  const question = /^Question: (.+)$/m.exec(user)?.[1]?.trim() ?? '';
  const quoted = firstSentence ?? `The documents say little about "${question}".`;
  const answer = `Answer: ${shortPhrase(quoted)}`;
  const isContinuation = messages.at(-2)?.role === 'assistant';
  if (isContinuation) {
    const notePassage = [...user.matchAll(/<note passages="(\d+)/g)].at(-1)?.[1];
    const cited = notePassage ? `[${notePassage}]` : '[1]';
    return `The evidence note confirms it ${cited}.\n${answer}`;
  }
  const given = /<candidate id="\d+">\n([\s\S]*?)\n<\/candidate>/.exec(user)?.[1];
  if (given !== undefined) {
    // Each pass changes the text (so its score can change too) and drops the hedge.
    const { reasoning, answerLine } = splitAnswerLine(given.replace(` ${SCRIPTED_HEDGE}`, ''));
    return `${reasoning} ${CHECKED}\n${answerLine ?? answer}`;
  }
  const hedge = stableHash(question) % 2 === 0 ? ` ${SCRIPTED_HEDGE}` : '';
  return `Passage 1 says: "${quoted}" [1].${hedge} ${FILLER} ${FILLER} ${FILLER} ${FILLER}\n${answer}`;
}

/**
 * The querier's keyword queries: the question's words after its first three (past the question
 * word and its verb), and its longest word alone, so that they reach passages beyond the first
 * search's.
 */
export function scriptedQueries(question: string): string[] {
  const words = question
    .replace(/[?.!,]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const longest = words.reduce((best, word) => (word.length > best.length ? word : best), '');
  const rest = words.slice(3).join(' ');
  return [...new Set([rest, longest].filter((query) => query.length > 0))];
}

/** The injector's note: the first passage's first sentence, cited as passage 1. */
export function scriptedNote(firstSentence: string | undefined): string {
  return `${firstSentence ?? 'The search found nothing more specific.'} [1]`;
}

/**
 * Scores for the candidate block in the prompt: logic and explanation 3, answer 2-4 by the hash
 * of the candidate's text, so q is 2.4, 3.0 or 3.6.
 */
export function scriptedScores(user: string): {
  logicScore: number;
  answerScore: number;
  explanationScore: number;
} {
  const candidate = /<candidate id="\d+">\n([\s\S]*?)\n<\/candidate>/.exec(user)?.[1] ?? user;
  return { logicScore: 3, answerScore: 2 + (stableHash(candidate) % 3), explanationScore: 3 };
}

function splitAnswerLine(text: string): { reasoning: string; answerLine: string | undefined } {
  const match = /\n(Answer: .*)$/.exec(text);
  if (!match) return { reasoning: text.trim(), answerLine: undefined };
  return { reasoning: text.slice(0, match.index).trim(), answerLine: match[1] };
}

function shortPhrase(sentence: string): string {
  return sentence
    .replace(/[.!?]+$/, '')
    .split(/\s+/)
    .slice(0, ANSWER_WORDS)
    .join(' ');
}
