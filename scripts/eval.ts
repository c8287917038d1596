/**
 * `npm run eval -- <retrieval> [options] [--json]`: measures the library on a folder of collections
 * and a questions file (contracts in shared/DESIGN.md section 5). With `--json` the last line
 * printed is the result as JSON, otherwise a table. Progress goes to stderr.
 */
import { formatResultTable } from './format-table.ts';

const usage =
  'usage: npm run eval -- retrieval --docs DIR --questions FILE.jsonl [--collections a,b] [--k 10] [--mode bm25|dense|hybrid|routed] [--json]';

async function runEval(name: string | undefined, args: string[]): Promise<Record<string, unknown>> {
  switch (name) {
    case 'retrieval': {
      const { runRetrievalEval } = await import('./eval/retrieval.ts');
      return runRetrievalEval(args);
    }
    default:
      throw new Error(`Unknown evaluation "${name ?? ''}". ${usage}`);
  }
}

const [name, ...rest] = process.argv.slice(2);
const json = rest.includes('--json');
try {
  const result = await runEval(
    name,
    rest.filter((arg) => arg !== '--json'),
  );
  console.log(json ? JSON.stringify(result) : formatResultTable(result));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
