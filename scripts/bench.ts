/**
 * `npm run bench -- <search|ingest> [options] [--json]`. Each benchmark returns one record; with
 * `--json` (taken out here, not passed on) the last line printed is that record as JSON,
 * otherwise a table. Progress goes to stderr.
 */
import { formatResultTable } from './format-table.ts';

type Bench = (args: string[]) => Promise<Record<string, unknown>>;

const usage = 'usage: npm run bench -- <search|ingest> [options] [--json]';

async function runBench(name: string | undefined, args: string[]): ReturnType<Bench> {
  switch (name) {
    case 'search': {
      const { runSearchBench } = await import('./bench/search.ts');
      return runSearchBench(args);
    }
    case 'ingest': {
      const { runIngestBench } = await import('./bench/ingest.ts');
      return runIngestBench(args);
    }
    default:
      throw new Error(`Unknown benchmark "${name ?? ''}". ${usage}`);
  }
}

const [name, ...rest] = process.argv.slice(2);
const json = rest.includes('--json');
try {
  const result = await runBench(
    name,
    rest.filter((arg) => arg !== '--json'),
  );
  console.log(json ? JSON.stringify(result) : formatResultTable(result));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
