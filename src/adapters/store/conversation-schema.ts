/**
 * The conversations database, apart from the library's (so neither schema waits on the other):
 * each conversation whole, and its summary for the list, written together.
 */
import { wrap, type DBSchema, type IDBPDatabase } from 'idb';
import type { Conversation, ConversationSummary } from '../../core/conversation.ts';

export const CONVERSATIONS_DATABASE = 'archivist-conversations';

/** Raise by one with each schema change and add its step to `upgradeDatabase`. */
const CONVERSATIONS_VERSION = 1;

interface ConversationSchema extends DBSchema {
  /** Key `id`: the whole conversation with every turn and its trace. */
  conversations: { key: string; value: Conversation };
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
