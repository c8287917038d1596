/**
 * `npm run eval -- retrieval [options] [--json]`: measures the library on a folder of collections
 * and a questions file (contracts in shared/DESIGN.md section 5).
 */
import { runCommand } from './run-command.ts';

await runCommand(
  { retrieval: async () => (await import('./eval/retrieval.ts')).runRetrievalEval },
  'usage: npm run eval -- retrieval --docs DIR --questions FILE.jsonl [--collections a,b] [--k 10] [--mode bm25|dense|hybrid|routed] [--json]',
);
