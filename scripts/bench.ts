/** `npm run bench -- <search|ingest|torture|scale|ui|peers> [options] [--json]`: see docs/BENCHMARKS.md. */
import { runCommand } from './run-command.ts';

await runCommand(
  {
    search: async () => (await import('./bench/search.ts')).runSearchBench,
    ingest: async () => (await import('./bench/ingest.ts')).runIngestBench,
    torture: async () => (await import('./bench/torture.ts')).runTortureBench,
    scale: async () => (await import('./bench/scale.ts')).runScaleBench,
    peers: async () => (await import('./bench/peers.ts')).runPeersBench,
    ui: async () => (await import('./bench/ui-responsiveness.ts')).runUiBench,
  },
  'usage: npm run bench -- search --n N --dim D [--json] | ingest --docs DIR [--outcomes FILE.jsonl] [--json] | torture [--small-files N] [--big-mb M] [--json] | scale [--chunks N] [--store memory|indexeddb] [--json] | ui [--files N] [--json] | peers [--chunks N] [--json]',
);
