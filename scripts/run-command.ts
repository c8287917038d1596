import { formatResultTable } from './format-table.ts';

/** One subcommand of `npm run bench` or `npm run eval`: arguments in, one result record out. */
export type Command = (args: string[]) => Promise<Record<string, unknown>>;

/**
 * Runs the subcommand named by the first argument. With `--json` (taken out here, not passed
 * on) the last line printed is the result as JSON, otherwise a table; errors go to stderr with a
 * non-zero exit code. Progress belongs on stderr.
 */
export async function runCommand(
  commands: Record<string, () => Promise<Command>>,
  usage: string,
): Promise<void> {
  const [name, ...rest] = process.argv.slice(2);
  const json = rest.includes('--json');
  try {
    const load = name === undefined ? undefined : commands[name];
    if (!load) throw new Error(`Unknown command "${name ?? ''}". ${usage}`);
    const command = await load();
    const result = await command(rest.filter((arg) => arg !== '--json'));
    console.log(json ? JSON.stringify(result) : formatResultTable(result));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
