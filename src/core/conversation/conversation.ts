/**
 * A conversation: questions asked one after another, each with its answer, sources and trace,
 * within one scope of collections. Plain data (safe to store, clone and post to workers); the
 * functions here build and update it without changing the objects they are given.
 */
import type { HistoryTurn } from '../agents/follow-up.ts';
import type { PassageReading } from '../answer/reading.ts';
import type { StrategyName } from '../llm/budget.ts';
import type { StrategyChoice } from '../pipeline/run-question.ts';
import type { TraceEvent, TraceTotals } from '../llm/trace.ts';

/** A source an answer cites, as it was when the answer was written. */
export interface TurnCitation {
  /** The `[n]` in the answer text. */
  number: number;
  chunkId: string;
  /** The file's path inside its collection's folder. */
  path: string;
  collectionName: string;
  /** 1-based page, for paged documents (PDF). */
  page?: number;
  /** The quoted span, when the answer quoted one. */
  quote?: string;
}

/**
 * `running` while the answer streams (a running turn is saved as it goes); `stopped` keeps what
 * streamed before the stop; `interrupted`, what was saved of a turn whose page closed or reloaded
 * while it ran; `failed` keeps the error; the others are how the run ended (`passages`: answered
 * without a language model with relevant passages but no short answer).
 */
export type TurnStatus =
  | 'running'
  | 'answered'
  | 'passages'
  | 'not-found'
  | 'out-of-budget'
  | 'stopped'
  | 'interrupted'
  | 'failed';

export interface ConversationTurn {
  id: string;
  /** As the user asked it (a follow-up is rewritten to stand alone only for the pipeline). */
  question: string;
  /** The strategy the user asked for (`auto`: the router chose). */
  strategyAsked: StrategyChoice;
  /** The strategy that ran; absent when the run ended before it finished. */
  strategyRun?: StrategyName;
  /** Markdown with `[n]` citations; for a stopped turn, what streamed before the stop. */
  answer: string;
  citations: TurnCitation[];
  /** The answer read without a language model: passages, best sentences, a likely answer. */
  reading?: PassageReading;
  status: TurnStatus;
  /** Why a failed turn failed. */
  error?: { name: string; message: string };
  /** The run's trace, in order. */
  events: TraceEvent[];
  /** What the run cost, when it ran to its end. */
  totals?: TraceTotals;
  startedAt: number;
  endedAt?: number;
}

export interface Conversation {
  id: string;
  /** The first question unless the user renamed it; empty until the first question. */
  title: string;
  createdAt: number;
  /** When a turn was last added or replaced. */
  updatedAt: number;
  /** The collections this conversation searches; empty for every collection. */
  collectionIds: string[];
  /** Oldest first. */
  turns: ConversationTurn[];
}

/** What a list of conversations shows, without the turns. */
export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  turnCount: number;
}

/** A title longer than this is cut at a word, with an ellipsis. */
export const MAX_TITLE_LENGTH = 80;

export function newConversation(
  id: string,
  collectionIds: readonly string[] = [],
  now = Date.now(),
): Conversation {
  return {
    id,
    title: '',
    createdAt: now,
    updatedAt: now,
    collectionIds: [...collectionIds],
    turns: [],
  };
}

export function summarizeConversation(conversation: Conversation): ConversationSummary {
  const { id, title, createdAt, updatedAt } = conversation;
  return { id, title, createdAt, updatedAt, turnCount: conversation.turns.length };
}

/** One line of at most {@link MAX_TITLE_LENGTH} characters, from a question or a typed title. */
export function cleanTitle(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= MAX_TITLE_LENGTH) return line;
  const cut = line.slice(0, MAX_TITLE_LENGTH - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > MAX_TITLE_LENGTH / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/**
 * The conversation with `turn` in place of the turn with its id, or added at the end; an
 * untitled conversation takes its first question as its title.
 */
export function withTurn(
  conversation: Conversation,
  turn: ConversationTurn,
  now = Date.now(),
): Conversation {
  const index = conversation.turns.findIndex(({ id }) => id === turn.id);
  const turns =
    index === -1
      ? [...conversation.turns, turn]
      : conversation.turns.map((existing, position) => (position === index ? turn : existing));
  const title = conversation.title || cleanTitle(turns[0]?.question ?? '');
  return { ...conversation, title, turns, updatedAt: now };
}

/**
 * The conversation as a page shows it when it runs none of its turns but `runningHere`: a turn
 * saved while it was running (its page closed or reloaded before it ended) becomes
 * `interrupted`, keeping what was saved of it. The same object when no such turn is there.
 */
export function settleInterrupted(conversation: Conversation, runningHere?: string): Conversation {
  const interrupted = (turn: ConversationTurn) =>
    turn.status === 'running' && turn.id !== runningHere;
  if (!conversation.turns.some(interrupted)) return conversation;
  return {
    ...conversation,
    turns: conversation.turns.map((turn) =>
      interrupted(turn) ? { ...turn, status: 'interrupted' } : turn,
    ),
  };
}

/**
 * The exchanges before the turn `beforeTurnId` (before none: all of them) that have an answer to
 * read a follow-up against: failed turns and empty answers are left out.
 */
export function historyOf(conversation: Conversation, beforeTurnId?: string): HistoryTurn[] {
  const end = conversation.turns.findIndex(({ id }) => id === beforeTurnId);
  const earlier = end === -1 ? conversation.turns : conversation.turns.slice(0, end);
  return earlier
    .filter((turn) => turn.status !== 'failed' && turn.answer.trim() !== '')
    .map(({ question, answer }) => ({ question, answer }));
}

/**
 * The scope to search: the conversation's collections that still exist, or undefined for every
 * collection (no scope, or none of its collections is left).
 */
export function searchScope(
  collectionIds: readonly string[],
  existingIds: readonly string[],
): string[] | undefined {
  const existing = collectionIds.filter((id) => existingIds.includes(id));
  return existing.length > 0 ? existing : undefined;
}

/** Summaries as a conversation list orders them: the most recently updated, then created, first. */
export function newestFirst(summaries: readonly ConversationSummary[]): ConversationSummary[] {
  return [...summaries].sort(
    (left, right) =>
      right.updatedAt - left.updatedAt ||
      right.createdAt - left.createdAt ||
      left.id.localeCompare(right.id),
  );
}
