/** Numbers, times, sizes and cut text as the UI writes them. */
export { formatBytes } from '../core/errors.ts';

const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const score = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "1 file", "3 files". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${integer.format(count)} ${count === 1 ? singular : plural}`;
}

export function formatInteger(value: number): string {
  return integer.format(value);
}

/** A quality score to one decimal: "3.4", "4". */
export function formatScore(value: number): string {
  return score.format(value);
}

/** "45 s", "3 min 5 s", "1 h 2 min". */
export function formatDuration(seconds: number): string {
  if (seconds < 10) return `${Math.max(0, seconds).toFixed(1)} s`;
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${whole % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** "just now", "5 minutes ago", "yesterday". */
export function formatRelativeTime(timestamp: number, now = Date.now()): string {
  const seconds = (timestamp - now) / 1000;
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

export function formatDateTime(timestamp: number): string {
  return dateTime.format(timestamp);
}

/** The text cut to `length` characters, with an ellipsis when it was longer. */
export function truncate(text: string, length: number): string {
  const trimmed = text.trim();
  return trimmed.length <= length ? trimmed : `${trimmed.slice(0, length).trimEnd()}…`;
}
