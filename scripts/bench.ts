/** `npm run bench -- <search|ingest> [options] [--json]`: see docs/BENCHMARKS.md. */
import { runCommand } from './run-command.ts';

await runCommand(
  {
    search: async () => (await import('./bench/search.ts')).runSearchBench,
    ingest: async () => (await import('./bench/ingest.ts')).runIngestBench,
  },
  'usage: npm run bench -- search --n N --dim D [--json] | ingest --docs DIR [--json]',
);
