/** `--name value` and `--flag` command-line options, as one flat record. */
export type CliArguments = Record<string, string | true>;

export function parseArguments(argv: readonly string[]): CliArguments {
  const result: CliArguments = {};
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (!argument.startsWith('--')) throw new Error(`Unexpected argument "${argument}".`);
    const next = argv[index + 1];
    if (next === undefined || next.startsWith('--')) result[argument.slice(2)] = true;
    else {
      result[argument.slice(2)] = next;
      index += 1;
    }
  }
  return result;
}

export function stringOption(options: CliArguments, name: string, fallback?: string): string {
  const value = options[name];
  if (typeof value === 'string') return value;
  if (fallback !== undefined) return fallback;
  throw new Error(`Missing --${name}.`);
}

export function numberOption(options: CliArguments, name: string, fallback: number): number {
  const value = options[name];
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`--${name} must be a number.`);
  return parsed;
}

/** Prints `result` as the last line (JSON) or as a readable table. */
export function printResult(result: Record<string, unknown>, json: boolean): void {
  if (json) {
    console.log(JSON.stringify(result));
    return;
  }
  for (const [key, value] of Object.entries(result)) {
    console.log(`${key.padEnd(22)} ${typeof value === 'object' ? JSON.stringify(value) : value}`);
  }
}
