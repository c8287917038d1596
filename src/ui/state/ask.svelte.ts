import {
  callback,
  type AskResult,
  type Competitors,
  type Conversation,
  type ConversationTurn,
  type LibraryClient,
  type StrategyChoice,
  type ThoroughCandidates,
  type TraceEvent,
} from '../clients/library-client.ts';
import { historyOf, searchScope } from '../../core/conversation/conversation.ts';
import type { ConversationsState } from './conversations.svelte.ts';
import { isCancellation, toFailure, type Failure } from './failure.ts';

/** How long a run that ended may still wait for its last trace events. */
const LATE_EVENTS_MS = 1000;
/** How often a running turn is saved as it streams (a reload keeps what was saved). */
const PROGRESS_SAVE_MS = 2000;

/**
 * The question box and the run answering it: each question is the next turn of the open
 * conversation (a follow-up of the turns before it), streamed live and saved as it goes, then
 * saved with the conversation however it ended. Regenerating a turn asks its question again and replaces its
 * answer in place.
 */
export class AskState {
  question = $state('');
  strategy = $state<StrategyChoice>('auto');
  /** Agents competing on each step of the `plan` strategy. */
  competitors = $state<Competitors>(1);
  /** Candidate answers the `thorough` strategy writes, checks and ranks. */
  thoroughCandidates = $state<ThoroughCandidates>(2);
  running = $state(false);
  /** The turn being answered, as it streams; undefined between runs. */
  live = $state.raw<ConversationTurn | undefined>();
  /** The conversation the live turn belongs to. */
  liveConversationId = $state<string | undefined>();
  failure = $state.raw<Failure | undefined>();
  readonly #client: LibraryClient;
  readonly #conversations: ConversationsState;
  #jobNumber = 0;
  #jobId: string | undefined;

  constructor(client: LibraryClient, conversations: ConversationsState) {
    this.#client = client;
    this.#conversations = conversations;
  }

  /** Asks the question in the box in the open conversation; `collectionIds`: those that exist. */
  async ask(collectionIds: readonly string[]): Promise<void> {
    const question = this.question.trim();
    if (question.length === 0 || this.running) return;
    this.question = '';
    await this.#run(crypto.randomUUID(), question, collectionIds);
  }

  /** Asks a turn's question again, with the turns before it, replacing its answer. */
  async regenerate(turnId: string, collectionIds: readonly string[]): Promise<void> {
    const turn = this.#conversations.current.turns.find(({ id }) => id === turnId);
    if (turn && !this.running) await this.#run(turn.id, turn.question, collectionIds);
  }

  stop(): void {
    if (this.#jobId && this.running) void this.#client.questions.stopAsking(this.#jobId);
  }

  async #run(turnId: string, question: string, collectionIds: readonly string[]): Promise<void> {
    const conversation = this.#conversations.current;
    const jobId = `ask-${++this.#jobNumber}`;
    this.#jobId = jobId;
    let live: ConversationTurn = {
      id: turnId,
      question,
      strategyAsked: this.strategy,
      answer: '',
      citations: [],
      status: 'running',
      events: [],
      startedAt: Date.now(),
    };
    let traceEnded = () => {};
    const lastEvent = new Promise<void>((resolve) => (traceEnded = resolve));
    let savedAt = Date.now();
    const apply = (change: (turn: ConversationTurn) => ConversationTurn) => {
      if (this.#jobId !== jobId) return;
      this.live = live = change(live);
      if (Date.now() - savedAt >= PROGRESS_SAVE_MS) {
        savedAt = Date.now();
        void this.#conversations.saveTurn(conversation, live);
      }
    };
    this.live = live;
    this.liveConversationId = conversation.id;
    this.running = true;
    this.failure = undefined;
    void this.#conversations.saveTurn(conversation, live);
    let end: (turn: ConversationTurn) => ConversationTurn;
    try {
      const result = await this.#ask(jobId, conversation, live, collectionIds, apply, traceEnded);
      end = (turn) => ({
        ...turn,
        answer: result.answer,
        citations: result.citations,
        status: result.status,
        strategyRun: result.strategy,
        totals: result.totals,
        ...(result.reading ? { reading: result.reading } : {}),
      });
    } catch (error) {
      const failure = toFailure(error);
      const stopped = isCancellation(failure);
      if (!stopped) this.failure = failure;
      end = (turn) => ({
        ...turn,
        status: stopped ? 'stopped' : 'failed',
        ...(stopped ? {} : { error: failure }),
      });
    }
    // Trace events come over a channel of their own and may arrive after the answer.
    if (live.events.length > 0) await Promise.race([lastEvent, delay(LATE_EVENTS_MS)]);
    this.#jobId = undefined;
    await this.#conversations.saveTurn(conversation, { ...end(live), endedAt: Date.now() });
    this.live = undefined;
    this.liveConversationId = undefined;
    this.running = false;
  }

  #ask(
    jobId: string,
    conversation: Conversation,
    turn: ConversationTurn,
    collectionIds: readonly string[],
    apply: (change: (turn: ConversationTurn) => ConversationTurn) => void,
    onTraceEnd: () => void,
  ): Promise<AskResult> {
    const scope = searchScope(conversation.collectionIds, collectionIds);
    return this.#client.questions.ask(
      {
        jobId,
        question: turn.question,
        history: historyOf(conversation, turn.id),
        strategy: this.strategy,
        competitors: this.competitors,
        thoroughCandidates: this.thoroughCandidates,
        ...(scope ? { collectionIds: scope } : {}),
      },
      callback((event: TraceEvent) => {
        apply((live) => ({ ...live, events: [...live.events, event] }));
        if (event.type === 'run-end') onTraceEnd();
      }),
      callback((text: string) => apply((live) => ({ ...live, answer: live.answer + text }))),
    );
  }
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
