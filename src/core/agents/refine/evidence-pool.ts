/**
 * The passages one thorough run can cite, numbered once for the whole run: the initial search's
 * passages are 1..k in rank order (as every candidate's prompt lists them), and passages that the
 * monitor's retrieval brings in later get the next numbers. Every candidate cites by these
 * numbers, so candidates can be compared, refined against each other and resolved to chunks.
 */
import type { PromptPassage } from '../../ports/chat-engine.ts';
import type { Citation } from '../../answer/strategy-answer.ts';
import type { Evidence } from '../../ports/retriever.ts';

export class EvidencePool {
  private readonly byNumber = new Map<number, Evidence>();
  private readonly numberById = new Map<string, number>();

  /** `initial`: the first search's passages, best first; they become 1..k. */
  constructor(initial: readonly Evidence[] = []) {
    for (const evidence of initial) this.add(evidence);
  }

  /** The passage's number; a passage already in the pool keeps its number. */
  add(evidence: Evidence): number {
    const known = this.numberById.get(evidence.id);
    if (known !== undefined) return known;
    const number = this.byNumber.size + 1;
    this.byNumber.set(number, evidence);
    this.numberById.set(evidence.id, number);
    return number;
  }

  get(number: number): Evidence | undefined {
    return this.byNumber.get(number);
  }

  numberOf(chunkId: string): number | undefined {
    return this.numberById.get(chunkId);
  }

  get size(): number {
    return this.byNumber.size;
  }

  /** Every passage with its number, in number order. */
  entries(): { number: number; evidence: Evidence }[] {
    return [...this.byNumber].map(([number, evidence]) => ({ number, evidence }));
  }

  /** The passages numbered 1..`count` (the initial ones), as prompts list them. */
  promptPassages(count: number): PromptPassage[] {
    return this.entries()
      .filter(({ number }) => number <= count)
      .map(({ evidence }) => ({ id: evidence.id, text: evidence.text }));
  }

  /** Each number as a citation of its chunk, for `resolveCitations`. */
  citations(): Map<number, Citation> {
    return new Map(
      this.entries().map(({ number, evidence }) => [number, { number, chunkId: evidence.id }]),
    );
  }
}
