/**
 * What the scripted chat server replies, derived from the request alone: for a JSON request a
 * minimal but plausible value of its schema, for a text request a short answer citing [1]. Strings
 * come from the prompt: its `Question:` line, and the first sentence of its first
 * `<passage id="1">` block, quoted verbatim so that citation checks pass (or its first Known fact).
 */
import type { ChatMessage, JsonSchema } from '../../src/core/ports/chat-engine.ts';
import {
  isInjectorRequest,
  scriptedCandidate,
  scriptedNote,
  scriptedQueries,
  scriptedScores,
  writesCandidate,
} from './scripted-candidates.ts';

/** What a reply is made from. */
export interface PromptReading {
  question: string;
  /** The first sentence of passage 1, else the first listed fact citing [1] (the defender's). */
  firstSentence: string | undefined;
  /** Passage 1's `Answer:` line, when its passages are answers to rate (the coordinator's). */
  passageAnswer: string | undefined;
  /** The last user message. */
  user: string;
}

/** A quoted sentence is cut (at a word) to at most this many characters, keeping replies short. */
const MAXIMUM_SENTENCE_CHARACTERS = 200;
/** Enum values chosen before the first one: the router's one search, the coordinator's "good". */
const PREFERRED_ENUM_VALUES: readonly unknown[] = ['single', 'good'];
/** Properties whose plausible value is not the default of their type. */
const VALUES_BY_PROPERTY: Readonly<Record<string, (reading: PromptReading) => unknown>> = {
  reason: () => 'One search of the documents should find this.',
  query: (reading) => reading.question,
  subQuestion: (reading) => reading.question,
  answer: answerPhrase,
  answerable: () => true,
  required: () => [],
  // Thorough mode: the monitor finds a gap, the querier searches the question, scores vary.
  gap: () => true,
  queries: (reading) => scriptedQueries(reading.question),
  logicScore: (reading) => scriptedScores(reading.user).logicScore,
  answerScore: (reading) => scriptedScores(reading.user).answerScore,
  explanationScore: (reading) => scriptedScores(reading.user).explanationScore,
};

export function readPrompt(messages: readonly ChatMessage[]): PromptReading {
  const user = messages.findLast((message) => message.role === 'user')?.content ?? '';
  const questions = [...user.matchAll(/^Question: (.+)$/gm)];
  const question = questions.at(-1)?.[1]?.trim() ?? firstLine(user);
  const passage = /<passage id="1">\n([\s\S]*?)\n<\/passage>/.exec(user)?.[1];
  return {
    question,
    firstSentence:
      passage === undefined ? /^- ([\s\S]+?) \[1\]/m.exec(user)?.[1] : firstSentence(passage),
    passageAnswer: passage && /^Answer: (.+)$/m.exec(passage)?.[1]?.trim(),
    user,
  };
}

/** A value `schema` accepts: every property, one item per array, the preferred enum value. */
export function scriptedValue(schema: JsonSchema, reading: PromptReading): unknown {
  if (Array.isArray(schema.enum)) {
    const values: unknown[] = schema.enum;
    return values.find((value) => PREFERRED_ENUM_VALUES.includes(value)) ?? values[0] ?? null;
  }
  const types: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  switch (types.find((type) => type !== 'null')) {
    case 'object':
      return scriptedObject(schema, reading);
    case 'array':
      return isSchema(schema.items) ? [scriptedValue(schema.items, reading)] : [];
    case 'string':
      return reading.firstSentence ?? reading.question;
    case 'number':
    case 'integer':
      return typeof schema.minimum === 'number' ? Math.max(1, schema.minimum) : 1;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/** The reply to a request without a JSON format. */
export function scriptedText(reading: PromptReading, messages: readonly ChatMessage[]): string {
  if (writesCandidate(messages)) {
    // A continuation's last user message only asks to go on: read the passages of the first.
    return scriptedCandidate(messages, readPrompt(messages.slice(0, 2)).firstSentence);
  }
  if (isInjectorRequest(messages)) return scriptedNote(reading.firstSentence);
  return `${reading.firstSentence ?? `A short answer to "${reading.question}".`} [1]`;
}

function scriptedObject(schema: JsonSchema, reading: PromptReading): Record<string, unknown> {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const value: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (!isSchema(property)) continue;
    const byName = VALUES_BY_PROPERTY[name];
    value[name] = byName ? byName(reading) : scriptedValue(property, reading);
  }
  return value;
}

/** The coordinator's bold answer citing quote 1, else the quoted sentence, else the question. */
function answerPhrase(reading: PromptReading): string {
  if (reading.passageAnswer) return `**${reading.passageAnswer}** [1]`;
  return reading.firstSentence ?? reading.question;
}

/** Up to the first `.`, `!` or `?` before a space, without a cut passage's ` […]` mark. */
function firstSentence(passage: string): string {
  const text = passage.replace(/ \[…\]$/, '').trim();
  const sentence = /^[\s\S]*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
  if (sentence.length <= MAXIMUM_SENTENCE_CHARACTERS) return sentence;
  const cut = sentence.slice(0, MAXIMUM_SENTENCE_CHARACTERS);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trim();
}

function firstLine(text: string): string {
  return (text.split('\n').find((line) => line.trim().length > 0) ?? '').trim();
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
