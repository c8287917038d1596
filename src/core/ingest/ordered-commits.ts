/**
 * The ingest's store writes: a batch of files per write, each written while the next batch is
 * read, parsed and embedded, and landing in the order the batches came.
 */
import type { Store } from '../ports/store.ts';
import type { CollectionIndex } from '../retrieval/collection-index.ts';
import type { Chunk, FileRecord } from '../types.ts';
import { fileWriteOf } from './file-records.ts';

/** One file's part of a batch. */
export interface FileCommit {
  record: FileRecord;
  chunks: Chunk[];
  vectors: Float32Array;
  original?: Uint8Array;
}

export class OrderedCommits {
  /** The last batch's write, still committing; the next one waits for it. */
  #last: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly index: CollectionIndex | undefined,
    /** Hears each batch once it has landed and is in the live index. */
    private readonly onLanded: (commits: readonly FileCommit[]) => void,
  ) {}

  /** Waits for the previous batch to land (throwing its failure), then starts writing `commits`. */
  async start(commits: readonly FileCommit[]): Promise<void> {
    await this.#last;
    this.#last = this.#write(commits);
    this.#last.catch(() => undefined); // awaited by the next start or by `landed`
  }

  /** Resolves once every batch started has landed; rejects with a failed one's error. */
  landed(): Promise<void> {
    return this.#last;
  }

  /** Stores the files in one write, then puts them in the live index. */
  async #write(commits: readonly FileCommit[]): Promise<void> {
    const written = commits.map(({ record, chunks, vectors, original }) =>
      fileWriteOf(record, chunks, vectors, original),
    );
    await this.store.writeFiles(written.map(({ write }) => write));
    commits.forEach(({ record, chunks, vectors }, at) => {
      this.index?.putFile(record.id, chunks, vectors, written[at]!.keywords);
    });
    this.onLanded(commits);
  }
}
