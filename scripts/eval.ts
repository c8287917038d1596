/**
 * `npm run eval -- retrieval|qa [options] [--json]`: measures the library on a folder of collections
 * and a questions file (contracts in shared/DESIGN.md section 5).
 */
import { runCommand } from './run-command.ts';

await runCommand(
  {
    retrieval: async () => (await import('./eval/retrieval.ts')).runRetrievalEval,
    qa: async () => (await import('./eval/qa.ts')).runQaEval,
  },
  'usage: npm run eval -- retrieval --docs DIR --questions FILE.jsonl [--collections a,b] [--k 10] [--mode bm25|dense|hybrid|routed|bridge] [--json]\n' +
    '   or: npm run eval -- qa --docs DIR --questions FILE.jsonl [--collections a,b] --engine extractive|openai [--base-url URL --model M] [--strategy auto|direct|single|plan|unified|thorough] [--limit N] [--json]',
);
