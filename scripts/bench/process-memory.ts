/**
 * Memory of a browser and all its processes, read from Linux's `/proc`: the proportional set size
 * (PSS: resident memory, each shared page divided among the processes sharing it), so the sum over
 * the processes counts shared libraries once.
 */
import { readdir, readFile } from 'node:fs/promises';

const MB = 1024 * 1024;

/**
 * The PSS, in MB, of the process whose command line names `marker` (the browser's own, not one
 * of its children, which carry `--type=`) and of every process below it.
 */
export async function processTreePssMb(marker: string): Promise<number> {
  const processes = await listProcesses();
  const root = processes.find(
    (process) => process.commandLine.includes(marker) && !process.commandLine.includes('--type='),
  );
  if (!root) throw new Error(`No process names ${marker}.`);
  const tree = new Set([root.pid]);
  for (let grown = true; grown;) {
    grown = false;
    for (const process of processes) {
      if (!tree.has(process.pid) && tree.has(process.parentPid)) {
        tree.add(process.pid);
        grown = true;
      }
    }
  }
  const pss = processes
    .filter((process) => tree.has(process.pid))
    .reduce((sum, process) => sum + process.pssBytes, 0);
  return Math.round(pss / MB);
}

/** Samples `processTreePssMb(marker)` every `intervalMs` until stopped; resolves the peak. */
export function trackPeakTreePss(marker: string, intervalMs = 500): () => Promise<number> {
  let peak = 0;
  const sample = async () => {
    peak = Math.max(peak, await processTreePssMb(marker).catch(() => 0));
  };
  const timer = setInterval(() => void sample(), intervalMs);
  return async () => {
    clearInterval(timer);
    await sample();
    return peak;
  };
}

interface ProcessEntry {
  pid: number;
  parentPid: number;
  commandLine: string;
  pssBytes: number;
}

async function listProcesses(): Promise<ProcessEntry[]> {
  const names = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const entries = await Promise.all(
    names.map(async (name): Promise<ProcessEntry | undefined> => {
      try {
        const [stat, commandLine, rollup] = await Promise.all([
          readFile(`/proc/${name}/stat`, 'utf8'),
          readFile(`/proc/${name}/cmdline`, 'utf8'),
          readFile(`/proc/${name}/smaps_rollup`, 'utf8'),
        ]);
        // The fields after the command name, which is in brackets and may hold spaces.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const pssKb = Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
        return {
          pid: Number(name),
          parentPid: Number(fields[1]),
          commandLine: commandLine.replaceAll('\0', ' '),
          pssBytes: pssKb * 1024,
        };
      } catch {
        return undefined; // The process ended while it was read.
      }
    }),
  );
  return entries.filter((entry) => entry !== undefined);
}
