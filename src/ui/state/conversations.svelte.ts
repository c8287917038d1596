import type {
  Conversation,
  ConversationSummary,
  ConversationTurn,
  LibraryClient,
} from '../clients/library-client.ts';
import {
  answerWithSources,
  conversationJson,
  conversationMarkdown,
  exportFileName,
} from '../conversation-export.ts';
import { copyText, downloadText } from '../download.ts';
import {
  cleanTitle,
  newConversation,
  settleInterrupted,
  withTurn,
} from '../../core/conversation/conversation.ts';
import { toFailure, type Failure } from './failure.ts';

/** Where the open conversation's id is kept, so a reload reopens it. */
const OPEN_CONVERSATION_KEY = 'archivist.openConversation';
/** How long a Copy button says "Copied". */
const COPIED_MS = 2000;

/**
 * The conversation history: the list (newest first), the open conversation with its scope, and
 * what is done to them (rename, delete, export, copy an answer). A new conversation is a draft
 * until its first question; a turn is saved when it starts, as it streams and when it ends, so a
 * reload keeps the question and what was answered of it.
 */
export class ConversationsState {
  list = $state.raw<ConversationSummary[]>([]);
  current = $state.raw<Conversation>(newConversation(crypto.randomUUID()));
  failure = $state.raw<Failure | undefined>();
  /** The conversation whose title is being edited. */
  renaming = $state<string | undefined>();
  /** The turn whose answer was just copied, for a moment. */
  copiedTurnId = $state<string | undefined>();
  /** The history is shown on a narrow screen. */
  historyOpen = $state(false);
  readonly #client: LibraryClient;
  /** Deleted while a run in them went on: the run's end must not bring them back. */
  readonly #deleted: string[] = [];
  /** The turn this page is answering, saved as it streams; undefined between runs. */
  #runningTurnId: string | undefined;
  /** The last turn write (see `saveTurn`). */
  #writes: Promise<void> = Promise.resolve();

  constructor(client: LibraryClient) {
    this.#client = client;
  }

  /** Lists the conversations and reopens the one open before the reload (or the latest). */
  async load(): Promise<void> {
    await this.#attempt(async () => {
      this.list = await this.#client.conversations.list();
      const remembered = readOpenId();
      const reopen = this.list.find(({ id }) => id === remembered) ?? this.list[0];
      if (reopen) await this.open(reopen.id);
    });
  }

  async open(id: string): Promise<void> {
    await this.#attempt(async () => {
      const conversation = await this.#client.conversations.get(id);
      this.historyOpen = false;
      if (!conversation) return this.#refresh();
      this.current = settleInterrupted(conversation, this.#runningTurnId);
      writeOpenId(id);
    });
  }

  /** A new, empty conversation over every collection; stored once its first turn ends. */
  startNew(): void {
    this.current = newConversation(crypto.randomUUID());
    this.historyOpen = false;
    writeOpenId(undefined);
  }

  async rename(id: string, title: string): Promise<void> {
    this.renaming = undefined;
    const cleaned = cleanTitle(title);
    if (!cleaned) return;
    await this.#attempt(async () => {
      await this.#client.conversations.rename(id, cleaned);
      if (this.current.id === id) this.current = { ...this.current, title: cleaned };
      await this.#refresh();
    });
  }

  async remove(id: string): Promise<void> {
    this.#deleted.push(id);
    await this.#attempt(async () => {
      await this.#client.conversations.delete(id);
      if (this.current.id === id) this.startNew();
      await this.#refresh();
    });
  }

  /** The collections the open conversation searches from now on; empty for every collection. */
  async setScope(collectionIds: string[]): Promise<void> {
    this.current = { ...this.current, collectionIds };
    if (this.current.turns.length === 0) return;
    await this.#attempt(() => this.#client.conversations.put(this.current));
  }

  /**
   * Saves a turn in `conversation`, adding it or replacing the turn with its id: a running turn
   * as it is so far (its question at the start, then what streamed, so a reload or a closed tab
   * loses neither), then as it ended. Puts it into the stored conversation (another tab may have
   * added turns since this one read it), or into `conversation` when none is stored yet; writes
   * run one after another, so a late progress save never overwrites a turn's end.
   */
  saveTurn(conversation: Conversation, turn: ConversationTurn): Promise<void> {
    this.#runningTurnId = turn.status === 'running' ? turn.id : undefined;
    const write = this.#writes.then(async () => {
      if (this.#deleted.includes(conversation.id)) return;
      await this.#attempt(async () => {
        const stored = await this.#client.conversations.get(conversation.id);
        const isOpen = this.current.id === conversation.id;
        const updated = withTurn(stored ?? (isOpen ? this.current : conversation), turn);
        await this.#client.conversations.put(updated);
        if (this.current.id === conversation.id) {
          // A turn left running by a closed page shows as interrupted; this run's own does not.
          this.current = settleInterrupted(
            updated,
            turn.status === 'running' ? turn.id : undefined,
          );
          writeOpenId(updated.id);
        }
        const listChanged = !stored?.turns.some(({ id }) => id === turn.id);
        if (listChanged || turn.status !== 'running') await this.#refresh();
      });
    });
    this.#writes = write;
    return write;
  }

  /** Downloads the open conversation as Markdown or JSON; `names`: collection id to name. */
  exportAs(kind: 'markdown' | 'json', names: ReadonlyMap<string, string>): void {
    const conversation = this.current;
    if (kind === 'markdown') {
      const text = conversationMarkdown(conversation, names);
      downloadText(exportFileName(conversation, 'md'), 'text/markdown;charset=utf-8', text);
    } else {
      const text = conversationJson(conversation, names);
      downloadText(exportFileName(conversation, 'json'), 'application/json', text);
    }
  }

  /** Copies a turn's answer with its sources as Markdown. */
  async copy(turn: ConversationTurn): Promise<void> {
    await this.#attempt(async () => {
      await copyText(answerWithSources(turn));
      this.copiedTurnId = turn.id;
      setTimeout(() => {
        if (this.copiedTurnId === turn.id) this.copiedTurnId = undefined;
      }, COPIED_MS);
    });
  }

  async #refresh(): Promise<void> {
    this.list = await this.#client.conversations.list();
  }

  async #attempt(work: () => Promise<void>): Promise<void> {
    this.failure = undefined;
    try {
      await work();
    } catch (error) {
      this.failure = toFailure(error);
    }
  }
}

function readOpenId(): string | undefined {
  try {
    return localStorage.getItem(OPEN_CONVERSATION_KEY) ?? undefined;
  } catch {
    return undefined; // storage blocked: open the latest
  }
}

function writeOpenId(id: string | undefined): void {
  try {
    if (id) localStorage.setItem(OPEN_CONVERSATION_KEY, id);
    else localStorage.removeItem(OPEN_CONVERSATION_KEY);
  } catch {
    // Storage blocked: a reload opens the latest conversation instead.
  }
}
