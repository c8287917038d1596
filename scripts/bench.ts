/** `npm run bench -- <search|ingest|torture|scale|ui|peers|parse-pool> [options] [--json]`: see docs/BENCHMARKS.md. */
import { runCommand } from './run-command.ts';

await runCommand(
  {
    search: async () => (await import('./bench/search.ts')).runSearchBench,
    ingest: async () => (await import('./bench/ingest.ts')).runIngestBench,
    torture: async () => (await import('./bench/torture.ts')).runTortureBench,
    scale: async () => (await import('./bench/scale.ts')).runScaleBench,
    peers: async () => (await import('./bench/peers.ts')).runPeersBench,
    ui: async () => (await import('./bench/ui-responsiveness.ts')).runUiBench,
    'parse-pool': async () => (await import('./bench/parse-pool.ts')).runParsePoolBench,
  },
  'usage: npm run bench -- search --n N --dim D [--json] | ingest --docs DIR [--outcomes FILE.jsonl] [--json] | torture [--small-files N] [--big-mb M] [--json] | scale [--chunks N] [--store memory|indexeddb] [--json] | ui [--files N] [--json] | peers [--chunks N] [--json] | parse-pool [--docs DIR] [--pdfs 37] [--workers 1,2] [--repeat 3] [--json]',
);
