/**
 * Conversations held in memory, for tests and Node tools. Everything goes in and comes out as a
 * structured clone, so no caller can change stored state through an object it holds.
 */
import {
  newestFirst,
  summarizeConversation,
  type Conversation,
  type ConversationSummary,
} from '../../core/conversation/conversation.ts';
import { ConversationNotFoundError } from '../../core/errors.ts';
import type { ConversationStore } from '../../core/conversation/conversation-store.ts';

export class MemoryConversationStore implements ConversationStore {
  readonly #conversations = new Map<string, Conversation>();

  async list(): Promise<ConversationSummary[]> {
    return newestFirst([...this.#conversations.values()].map(summarizeConversation));
  }

  async get(id: string): Promise<Conversation | undefined> {
    const conversation = this.#conversations.get(id);
    return conversation && structuredClone(conversation);
  }

  async put(conversation: Conversation): Promise<void> {
    this.#conversations.set(conversation.id, structuredClone(conversation));
  }

  async rename(id: string, title: string): Promise<void> {
    const conversation = this.#conversations.get(id);
    if (!conversation) throw new ConversationNotFoundError();
    this.#conversations.set(id, { ...conversation, title });
  }

  async delete(id: string): Promise<void> {
    this.#conversations.delete(id);
  }
}
