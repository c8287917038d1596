/**
 * Token counts for engines that do not expose their tokenizer. BPE tokenizers of current models
 * average about four characters of English per token; words and punctuation marks each take at
 * least one, so the estimate is the larger of the two counts. Han, kana and Hangul characters are
 * written without spaces and take about one token each, so each counts as one.
 */
import type { ChatMessage } from '../../core/ports/chat-engine.ts';

const CHARACTERS_PER_TOKEN = 4;
/** Role markers and separators a chat template adds around each message. */
const TOKENS_PER_MESSAGE = 4;

export function estimateTokens(text: string): number {
  if (text.length === 0) return 0;
  const pieces =
    text.match(
      /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu,
    )?.length ?? 0;
  return Math.max(Math.ceil(text.length / CHARACTERS_PER_TOKEN), pieces);
}

export function estimatePromptTokens(messages: readonly ChatMessage[]): number {
  return messages.reduce(
    (total, message) => total + TOKENS_PER_MESSAGE + estimateTokens(message.content),
    0,
  );
}
