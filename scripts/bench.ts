/** `npm run bench -- <search|ingest|torture> [options] [--json]`: see docs/BENCHMARKS.md. */
import { runCommand } from './run-command.ts';

await runCommand(
  {
    search: async () => (await import('./bench/search.ts')).runSearchBench,
    ingest: async () => (await import('./bench/ingest.ts')).runIngestBench,
    torture: async () => (await import('./bench/torture.ts')).runTortureBench,
  },
  'usage: npm run bench -- search --n N --dim D [--json] | ingest --docs DIR [--json] | torture [--small-files N] [--big-mb M] [--json]',
);
