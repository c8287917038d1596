export type IngestPhase = 'scanning' | 'indexing' | 'paused' | 'finishing' | 'done' | 'cancelled';

export interface IngestProgress {
  phase: IngestPhase;
  /** Files that need work in this run (added, changed or retried). */
  filesTotal: number;
  filesDone: number;
  filesFailed: number;
  filesSkipped: number;
  filesUnchanged: number;
  filesRemoved: number;
  chunksDone: number;
  bytesTotal: number;
  bytesDone: number;
  /** Chunks per second since indexing started. */
  chunksPerSecond: number;
  /** Seconds left at the current byte rate; undefined until there is a rate. */
  etaSeconds?: number;
  currentPath?: string;
}

export function emptyProgress(): IngestProgress {
  return {
    phase: 'scanning',
    filesTotal: 0,
    filesDone: 0,
    filesFailed: 0,
    filesSkipped: 0,
    filesUnchanged: 0,
    filesRemoved: 0,
    chunksDone: 0,
    bytesTotal: 0,
    bytesDone: 0,
    chunksPerSecond: 0,
  };
}

/** Rate and ETA from what is done after `elapsedMs` of indexing. */
export function withRates(progress: IngestProgress, elapsedMs: number): IngestProgress {
  const seconds = elapsedMs / 1000;
  if (seconds <= 0) return progress;
  const bytesPerSecond = progress.bytesDone / seconds;
  return {
    ...progress,
    chunksPerSecond: progress.chunksDone / seconds,
    etaSeconds:
      bytesPerSecond > 0 ? (progress.bytesTotal - progress.bytesDone) / bytesPerSecond : undefined,
  };
}
