/**
 * Conversations in IndexedDB, in their own database. Each write is one transaction over the
 * conversation and its summary, so a failed write (a full disk: `StorageFullError`) leaves both
 * as they were. Like the library store it lets go of the database when another tab upgrades or
 * deletes it, and every later call throws `DatabaseClosedError`.
 */
import {
  newestFirst,
  summarizeConversation,
  type Conversation,
  type ConversationSummary,
} from '../../core/conversation/conversation.ts';
import { ConversationNotFoundError } from '../../core/errors.ts';
import type { ConversationStore } from '../../core/conversation/conversation-store.ts';
import {
  CONVERSATIONS_DATABASE,
  decodeStoredConversation,
  encodeStoredConversation,
  openConversationDatabase,
  type ConversationDatabase,
} from './conversation-schema.ts';
import { DatabaseClosedError, type ClosedReason } from './database-closed-error.ts';
import { awaitRequests, runWrite } from './transactions.ts';

export interface IdbConversationStoreOptions {
  /** Defaults to {@link CONVERSATIONS_DATABASE}. */
  name?: string;
  /** Defaults to the global `indexedDB`; tests pass a fake-indexeddb `IDBFactory`. */
  indexedDB?: IDBFactory;
  /** Runs while another tab keeps an older version of the database open and blocks the upgrade. */
  onBlocked?: () => void;
}

/** Opens its database at once and waits for it in every call, so it can be handed out directly. */
export class IdbConversationStore implements ConversationStore {
  readonly #database: Promise<ConversationDatabase>;
  #closedReason: ClosedReason | undefined;

  constructor(options: IdbConversationStoreOptions = {}) {
    const factory = options.indexedDB ?? globalThis.indexedDB;
    const name = options.name ?? CONVERSATIONS_DATABASE;
    this.#database = openConversationDatabase(factory, name, options.onBlocked).then((database) => {
      database.addEventListener('versionchange', (event) =>
        // No new version: the database is being deleted (everything was cleared).
        this.#markClosed(database, event.newVersion === null ? 'deleted' : 'versionchange'),
      );
      database.addEventListener('close', () => this.#markClosed(database, 'terminated'));
      return database;
    });
    this.#database.catch(() => undefined); // reported by each call
  }

  async list(): Promise<ConversationSummary[]> {
    return newestFirst(await (await this.#connection()).getAll('summaries'));
  }

  async get(id: string): Promise<Conversation | undefined> {
    const stored = await (await this.#connection()).get('conversations', id);
    return stored && decodeStoredConversation(stored);
  }

  async put(conversation: Conversation): Promise<void> {
    const database = await this.#connection();
    await runWrite(database, ['conversations', 'summaries'], async (transaction) => {
      await awaitRequests((track) => {
        track(transaction.objectStore('conversations').put(encodeStoredConversation(conversation)));
        track(transaction.objectStore('summaries').put(summarizeConversation(conversation)));
      });
    });
  }

  async rename(id: string, title: string): Promise<void> {
    const database = await this.#connection();
    await runWrite(database, ['conversations', 'summaries'], async (transaction) => {
      const conversations = transaction.objectStore('conversations');
      const conversation = await conversations.get(id);
      if (!conversation) throw new ConversationNotFoundError();
      const renamed = { ...conversation, title };
      await awaitRequests((track) => {
        track(conversations.put(renamed));
        track(transaction.objectStore('summaries').put(summarizeConversation(renamed)));
      });
    });
  }

  async delete(id: string): Promise<void> {
    const database = await this.#connection();
    await runWrite(database, ['conversations', 'summaries'], async (transaction) => {
      await awaitRequests((track) => {
        track(transaction.objectStore('conversations').delete(id));
        track(transaction.objectStore('summaries').delete(id));
      });
    });
  }

  /** Closes the connection (once it is open); every later call throws `DatabaseClosedError`. */
  async close(): Promise<void> {
    this.#closedReason ??= 'closed';
    try {
      (await this.#database).close();
    } catch {
      // It never opened: nothing to close.
    }
  }

  async #connection(): Promise<ConversationDatabase> {
    if (this.#closedReason) throw new DatabaseClosedError(this.#closedReason);
    const database = await this.#database;
    if (this.#closedReason) throw new DatabaseClosedError(this.#closedReason);
    return database;
  }

  #markClosed(database: ConversationDatabase, reason: ClosedReason): void {
    if (this.#closedReason) return;
    this.#closedReason = reason;
    database.close();
  }
}
