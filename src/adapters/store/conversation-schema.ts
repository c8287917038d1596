/**
 * The conversations database, apart from the library's (so neither schema waits on the other):
 * each conversation whole, and its summary for the list, written together.
 */
import { wrap, type DBSchema, type IDBPDatabase } from 'idb';
import type {
  NeedsModelReason,
  PassageReading,
  ReadingOutcome,
  ReadPassage,
  ReadSpan,
  TextRange,
} from '../../core/answer/reading.ts';
import type {
  Conversation,
  ConversationSummary,
  ConversationTurn,
} from '../../core/conversation/conversation.ts';
import { isRecord } from '../../core/is-record.ts';
import { decodeStoredTrace, TRACE_VERSION } from './stored-trace.ts';

export const CONVERSATIONS_DATABASE = 'archivist-conversations';

/** Raise by one with each schema change and add its step to `upgradeDatabase`. */
const CONVERSATIONS_VERSION = 1;

/** A conversation as stored: with the format of its turns' traces (none: version 1). */
export interface StoredConversation extends Conversation {
  traceVersion?: number;
}

interface ConversationSchema extends DBSchema {
  /** Key `id`: the whole conversation with every turn and its trace. */
  conversations: { key: string; value: StoredConversation };
  /** Key `id`: what the list shows, so listing reads no turns. */
  summaries: { key: string; value: ConversationSummary };
}

export type ConversationDatabase = IDBPDatabase<ConversationSchema>;

/** Opens (creating or upgrading) the database through `factory`; see `openDatabase`. */
export function openConversationDatabase(
  factory: IDBFactory,
  name: string,
  onBlocked?: () => void,
): Promise<ConversationDatabase> {
  const request = factory.open(name, CONVERSATIONS_VERSION);
  request.addEventListener('upgradeneeded', (event) => {
    upgradeDatabase(wrap(request.result) as unknown as ConversationDatabase, event.oldVersion);
  });
  if (onBlocked) request.addEventListener('blocked', onBlocked);
  return wrap(request) as Promise<ConversationDatabase>;
}

function upgradeDatabase(database: ConversationDatabase, oldVersion: number): void {
  if (oldVersion < 1) {
    database.createObjectStore('conversations', { keyPath: 'id' });
    database.createObjectStore('summaries', { keyPath: 'id' });
  }
}

/** A conversation as written to the database, marked with the format of its traces. */
export function encodeStoredConversation(conversation: Conversation): StoredConversation {
  return { ...conversation, traceVersion: TRACE_VERSION };
}

/**
 * A conversation as read back from the database: each turn's trace is decoded from its stored
 * format (see `decodeStoredTrace`), and each turn's `reading` (the answer given without a
 * language model) is checked; one that does not hold together (written by a newer version, or
 * damaged) is left out, so the turn shows its Markdown answer instead. Turns stored before
 * readings existed have none.
 */
export function decodeStoredConversation(stored: StoredConversation): Conversation {
  const { traceVersion = 1, ...conversation } = stored;
  if (!Array.isArray(conversation.turns)) return conversation;
  const turns = conversation.turns.map((turn): ConversationTurn => {
    const decoded = { ...turn, events: decodeStoredTrace(turn.events, traceVersion) };
    if ('reading' in turn && !decodeReading(turn.reading)) delete decoded.reading;
    return decoded;
  });
  return { ...conversation, turns };
}

const OUTCOMES: ReadonlySet<string> = new Set<ReadingOutcome>(['answer', 'needs-model', 'nothing']);
const REASONS: ReadonlySet<string> = new Set<NeedsModelReason>([
  'multi-part',
  'comparison',
  'low-confidence',
]);

/**
 * `value` when it is a well-formed {@link PassageReading} (known outcome and reason, every range
 * inside its passage's text, distinct passage numbers, a stated answer only with `answer` and its
 * passage among the passages, no passages with `nothing`), otherwise undefined.
 */
export function decodeReading(value: unknown): PassageReading | undefined {
  if (!isRecord(value)) return undefined;
  const { outcome, reason, likelyAnswer, bestSpan, passages } = value;
  if (typeof outcome !== 'string' || !OUTCOMES.has(outcome)) return undefined;
  if (!Array.isArray(passages) || !passages.every(isReadPassage)) return undefined;
  const numbers = passages.map(({ number }) => number);
  if (new Set(numbers).size !== numbers.length) return undefined;
  if (outcome === 'nothing' && passages.length > 0) return undefined;
  if (reason !== undefined && (typeof reason !== 'string' || !REASONS.has(reason))) {
    return undefined;
  }
  const isSpanHere = (span: unknown) => isReadSpan(span) && numbers.includes(span.passageNumber);
  if (outcome === 'answer' && !isSpanHere(likelyAnswer)) return undefined;
  if (outcome !== 'answer' && likelyAnswer !== undefined) return undefined;
  if (bestSpan !== undefined && !isSpanHere(bestSpan)) return undefined;
  return value as unknown as PassageReading;
}

function isReadPassage(value: unknown): value is ReadPassage {
  if (!isRecord(value)) return false;
  const { number, chunkId, collectionId, path, text, sentence, answer } = value;
  return (
    typeof number === 'number' &&
    Number.isInteger(number) &&
    number >= 1 &&
    typeof chunkId === 'string' &&
    typeof collectionId === 'string' &&
    typeof path === 'string' &&
    typeof text === 'string' &&
    isRangeIn(sentence, text) &&
    (answer === undefined || isRangeIn(answer, text))
  );
}

function isReadSpan(value: unknown): value is ReadSpan {
  if (!isRecord(value)) return false;
  const { text, confidence, passageNumber } = value;
  return (
    typeof text === 'string' &&
    typeof confidence === 'number' &&
    confidence >= 0 &&
    confidence <= 1 &&
    typeof passageNumber === 'number' &&
    Number.isInteger(passageNumber)
  );
}

function isRangeIn(value: unknown, text: string): value is TextRange {
  if (!isRecord(value)) return false;
  const { start, end } = value;
  return (
    typeof start === 'number' &&
    typeof end === 'number' &&
    Number.isInteger(start) &&
    Number.isInteger(end) &&
    start >= 0 &&
    start <= end &&
    end <= text.length
  );
}
