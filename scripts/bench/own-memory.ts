/**
 * This process's memory from Linux's `/proc/self/status`, in bytes (0 elsewhere): resident memory
 * in all, its anonymous part (what the program allocated) and its file-backed part (pages of
 * mapped files, such as the LevelDB table files the store reads, which the kernel may drop).
 */
import { readFileSync } from 'node:fs';

export interface OwnMemory {
  rss: number;
  anonymous: number;
  fileBacked: number;
}

export function ownMemory(): OwnMemory {
  const status = procStatus();
  return {
    rss: process.memoryUsage.rss(),
    anonymous: statusBytes(status, 'RssAnon'),
    fileBacked: statusBytes(status, 'RssFile'),
  };
}

/** The highest resident memory this process has had (`VmHWM`, which no sampling can miss). */
export function peakResidentBytes(): number {
  return statusBytes(procStatus(), 'VmHWM');
}

/**
 * Samples resident and anonymous memory every `intervalMs` until stopped; returns the peak of
 * each. Samples are taken between tasks, so a peak inside a long synchronous step can be missed.
 */
export function trackPeakMemory(intervalMs = 10): () => { rss: number; anonymous: number } {
  const peak = { rss: 0, anonymous: 0 };
  const sample = () => {
    const now = ownMemory();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.anonymous = Math.max(peak.anonymous, now.anonymous);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return () => {
    clearInterval(timer);
    sample();
    return { ...peak };
  };
}

function procStatus(): string {
  try {
    return readFileSync('/proc/self/status', 'utf8');
  } catch {
    return '';
  }
}

function statusBytes(status: string, field: string): number {
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
}
