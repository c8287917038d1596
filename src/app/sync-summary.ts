import type { IngestProgress } from '../core/ingest/progress.ts';
import type { Collection, FileRecord } from '../core/types.ts';
import type { SyncSummary } from './library-types.ts';

export interface SyncOutcome {
  jobId: string;
  collection: Collection;
  /** Paths the collection had before the sync. */
  before: ReadonlySet<string>;
  /** File records after the sync. */
  after: readonly FileRecord[];
  /** `Date.now()` when the sync started: records written since were (re-)indexed by it. */
  startedAt: number;
  progress: IngestProgress;
  seconds: number;
}

/** What a sync changed, told apart by each record's `indexedAt` (kept when content is unchanged). */
export function summarizeSync(outcome: SyncOutcome): SyncSummary {
  const summary: SyncSummary = {
    jobId: outcome.jobId,
    collectionId: outcome.collection.id,
    collectionName: outcome.collection.name,
    added: 0,
    updated: 0,
    unchanged: 0,
    removed: outcome.progress.filesRemoved,
    skipped: 0,
    failed: 0,
    chunks: outcome.progress.chunksDone,
    seconds: outcome.seconds,
  };
  for (const file of outcome.after) {
    if (file.indexedAt < outcome.startedAt) summary.unchanged += 1;
    else if (file.status === 'skipped') summary.skipped += 1;
    else if (file.status === 'failed') summary.failed += 1;
    else if (outcome.before.has(file.path)) summary.updated += 1;
    else summary.added += 1;
  }
  return summary;
}
