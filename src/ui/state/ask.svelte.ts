import {
  callback,
  type AskResult,
  type Competitors,
  type LibraryClient,
  type StrategyChoice,
  type ThoroughCandidates,
  type TraceEvent,
} from '../clients/library-client.ts';
import { isCancellation, toFailure, type Failure } from './failure.ts';

/** The question box, the answer streaming in, and the run's live trace. */
export class AskState {
  question = $state('');
  strategy = $state<StrategyChoice>('auto');
  /** Agents competing on each step of the `plan` strategy. */
  competitors = $state<Competitors>(1);
  /** Candidate answers the `thorough` strategy writes, checks and ranks. */
  thoroughCandidates = $state<ThoroughCandidates>(2);
  running = $state(false);
  /** The answer as streamed so far; the final text once the run ends. */
  answer = $state('');
  /** The question the shown answer is for; undefined before the first question. */
  askedQuestion = $state<string | undefined>();
  events = $state.raw<TraceEvent[]>([]);
  result = $state.raw<AskResult | undefined>();
  stopped = $state(false);
  failure = $state.raw<Failure | undefined>();
  readonly #client: LibraryClient;
  #jobNumber = 0;
  #jobId: string | undefined;

  constructor(client: LibraryClient) {
    this.#client = client;
  }

  /** Asks the question in the box, within `collectionIds` (every collection when absent). */
  async ask(collectionIds?: string[]): Promise<void> {
    const question = this.question.trim();
    if (question.length === 0 || this.running) return;
    const jobId = `ask-${++this.#jobNumber}`;
    this.#jobId = jobId;
    this.running = true;
    this.answer = '';
    this.askedQuestion = question;
    this.events = [];
    this.result = undefined;
    this.stopped = false;
    this.failure = undefined;
    const current = () => this.#jobId === jobId;
    try {
      const result = await this.#client.ask(
        {
          jobId,
          question,
          strategy: this.strategy,
          competitors: this.competitors,
          thoroughCandidates: this.thoroughCandidates,
          ...(collectionIds ? { collectionIds } : {}),
        },
        callback((event: TraceEvent) => {
          if (current()) this.events = [...this.events, event];
        }),
        callback((text: string) => {
          if (current() && !this.result) this.answer += text;
        }),
      );
      if (!current()) return;
      this.result = result;
      this.answer = result.answer;
    } catch (error) {
      if (!current()) return;
      const failure = toFailure(error);
      if (isCancellation(failure)) this.stopped = true;
      else this.failure = failure;
    } finally {
      if (current()) this.running = false;
    }
  }

  stop(): void {
    if (this.#jobId && this.running) void this.#client.stopAsking(this.#jobId);
  }

  /** The chunk a `[n]` of the shown answer cites. */
  citedChunk(number: number): string | undefined {
    return this.result?.citations.find((citation) => citation.number === number)?.chunkId;
  }
}
