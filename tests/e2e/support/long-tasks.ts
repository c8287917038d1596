/**
 * Long tasks on a page's main thread: a `PerformanceObserver` for `longtask` entries, installed
 * before the app's own scripts, records each one's start and duration (in the page's
 * `performance.now()` time); a test marks when a stretch it measures begins and ends and reads
 * the tasks that started in between. Long animation frames are recorded beside them with the
 * scripts that ran in them, to say what a long task was busy with.
 *
 * Script that Playwright runs itself (`page.evaluate`) is not a task the page observes; clicks,
 * key presses and `setInputFiles`, and all that follows from them, are.
 */
import type { BrowserContext, Page } from 'playwright-core';

/** One task that kept the main thread busy for 50 ms or more. */
export interface LongTask {
  /** Milliseconds since the page's time origin. */
  start: number;
  duration: number;
  /** The scripts that ran in the animation frames it overlaps, longest first. */
  scripts: string[];
}

/** Count, longest and total duration of a stretch's long tasks. */
export interface LongTaskFigures {
  count: number;
  maxMs: number;
  totalMs: number;
}

interface Recorded {
  start: number;
  duration: number;
}

interface RecordedFrame extends Recorded {
  scripts: { duration: number; what: string }[];
}

/** Starts recording long tasks in every page the context opens, before the app's scripts run. */
export async function watchLongTasks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const tasks: Recorded[] = [];
    const frames: RecordedFrame[] = [];
    Object.defineProperty(window, '__longTasks', { value: { tasks, frames } });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        tasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const scripts =
          (
            entry as PerformanceEntry & {
              scripts?: {
                duration: number;
                invoker: string;
                sourceURL: string;
                sourceFunctionName: string;
                sourceCharPosition: number;
              }[];
            }
          ).scripts ?? [];
        frames.push({
          start: entry.startTime,
          duration: entry.duration,
          scripts: scripts.map((script) => ({
            duration: script.duration,
            what: `${script.invoker} → ${script.sourceFunctionName || '(anonymous)'} ${script.sourceURL}:${script.sourceCharPosition}`,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
}

/** The page's `performance.now()` once its main thread is idle: where a measured stretch starts. */
export function markIdle(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestIdleCallback(() => resolve(performance.now()), { timeout: 2_000 }),
      ),
  );
}

/** The long tasks that started between `from` and `to` (page times from `markIdle`). */
export async function longTasksBetween(page: Page, from: number, to: number): Promise<LongTask[]> {
  const recorded = await page.evaluate(
    () =>
      (window as unknown as { __longTasks?: { tasks: Recorded[]; frames: RecordedFrame[] } })
        .__longTasks ?? null,
  );
  if (recorded === null) throw new Error('The long-task watch is not installed in this page.');
  return recorded.tasks
    .filter((task) => task.start >= from && task.start <= to)
    .map((task) => ({
      ...task,
      scripts: recorded.frames
        .filter(
          (frame) =>
            frame.start < task.start + task.duration && task.start < frame.start + frame.duration,
        )
        .flatMap((frame) => frame.scripts)
        .sort((a, b) => b.duration - a.duration)
        .map((script) => `${Math.round(script.duration)} ms ${script.what}`),
    }));
}

export function figures(tasks: readonly LongTask[]): LongTaskFigures {
  const durations = tasks.map((task) => Math.round(task.duration));
  return {
    count: durations.length,
    maxMs: Math.max(0, ...durations),
    totalMs: durations.reduce((sum, duration) => sum + duration, 0),
  };
}
