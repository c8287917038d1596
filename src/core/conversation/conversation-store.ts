/**
 * Where conversations are kept between visits (IndexedDB in the browser, memory in tests). Every
 * adapter passes `tests/contracts/conversation-store.contract.ts`.
 */
import type { Conversation, ConversationSummary } from './conversation.ts';

/**
 * Each write is all or nothing: a failed write (a full disk: `StorageFullError`) leaves the
 * conversation as it was. Reads return copies; changing them changes nothing stored.
 */
export interface ConversationStore {
  /** Every conversation, the most recently updated first (then the newest created first). */
  list(): Promise<ConversationSummary[]>;
  get(id: string): Promise<Conversation | undefined>;
  /** Stores the whole conversation, replacing the one with its id. */
  put(conversation: Conversation): Promise<void>;
  /** Changes only the title; `ConversationNotFoundError` when there is no such conversation. */
  rename(id: string, title: string): Promise<void>;
  /** Removes the conversation; nothing happens when there is none with that id. */
  delete(id: string): Promise<void>;
}
