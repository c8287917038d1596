import { parseArgs } from 'node:util';
import { openNodeLibrary } from '../node-library.ts';
import { collectOutcomes, writeOutcomes } from './ingest-outcomes.ts';

/** Samples the process's resident memory until stopped; returns the peak in MB. */
function trackPeakMemory(): () => number {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  return () => {
    clearInterval(timer);
    return Math.round(Math.max(peak, process.memoryUsage.rss()) / 1048576);
  };
}

/**
 * `bench ingest --docs DIR [--collections a,b] [--outcomes FILE.jsonl]`: the whole ingest path in
 * Node (read, hash, parse, chunk, embed with the built-in embedder, store, index, knowledge
 * boundary). With `--outcomes`, also writes what became of each file, one JSON line per file.
 */
export async function runIngestBench(args: string[]): Promise<Record<string, unknown>> {
  const { values } = parseArgs({
    args,
    options: {
      docs: { type: 'string' },
      collections: { type: 'string' },
      outcomes: { type: 'string' },
    },
  });
  if (!values.docs) throw new Error('--docs is required.');
  const stopTracking = trackPeakMemory();
  const library = await openNodeLibrary({
    docs: values.docs,
    collections: values.collections?.split(',').filter(Boolean),
  });
  const peakRssMb = stopTracking();
  if (values.outcomes) {
    await writeOutcomes(
      values.outcomes,
      await collectOutcomes(library.store, library.collectionIds),
    );
  }
  const files = library.ingests.reduce((sum, progress) => sum + progress.filesTotal, 0);
  const failedFiles = library.ingests.reduce(
    (sum, progress) => sum + progress.filesFailed + progress.filesSkipped,
    0,
  );
  return {
    files,
    chunks: library.chunkCount,
    seconds: Math.round(library.seconds * 100) / 100,
    chunksPerSecond: Math.round(library.chunkCount / library.seconds),
    failedFiles,
    peakRssMb,
    embedder: library.embedder.id,
  };
}
