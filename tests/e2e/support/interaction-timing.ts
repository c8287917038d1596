/**
 * How quickly a page answers its user while it is busy: every key press and click is timed in the
 * page, from the event's time stamp (when the browser received the input) to the start of the
 * next animation frame after it (`requestAnimationFrame`), which is when the page can first show
 * what the input changed. Beside that, the Event Timing API (`PerformanceObserver` of type
 * `event`) reports each event that took 16 ms or more from input to the next paint.
 * `interactUntil` plays a user switching between the Library and Search views and typing in the
 * search box, over and over, until a stretch of work ends.
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface InteractionFigures {
  /** Key presses and clicks timed to the next frame. */
  inputs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The longest event the Event Timing API reported, from input to the next paint. */
  slowestEventMs: number;
}

interface Recorded {
  start: number;
  duration: number;
}

/** Starts timing inputs in every page the context opens, before the app's scripts run. */
export async function watchInteractions(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const inputs: Recorded[] = [];
    const events: Recorded[] = [];
    Object.defineProperty(window, '__interactions', { value: { inputs, events } });
    // Listeners are written inline: a named function here would be wrapped in a `__name` helper
    // when tsx runs the bench, which the page does not have.
    for (const type of ['keydown', 'click']) {
      window.addEventListener(
        type,
        (event) => {
          const start = event.timeStamp;
          requestAnimationFrame(() => inputs.push({ start, duration: performance.now() - start }));
        },
        { capture: true },
      );
    }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        events.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
}

/** The figures of the inputs and events that started between `from` and `to` (page times). */
export async function interactionsBetween(
  page: Page,
  from: number,
  to: number,
): Promise<InteractionFigures> {
  const recorded = await page.evaluate(
    () =>
      (window as unknown as { __interactions?: { inputs: Recorded[]; events: Recorded[] } })
        .__interactions ?? null,
  );
  if (recorded === null) throw new Error('The interaction timing is not installed in this page.');
  const within = (entries: Recorded[]) =>
    entries.filter((entry) => entry.start >= from && entry.start <= to);
  const delays = within(recorded.inputs)
    .map((input) => input.duration)
    .sort((left, right) => left - right);
  const events = within(recorded.events);
  const at = (fraction: number) =>
    Math.round(delays[Math.max(0, Math.ceil(fraction * delays.length) - 1)] ?? 0);
  return {
    inputs: delays.length,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    maxMs: Math.round(delays.at(-1) ?? 0),
    slowestEventMs: Math.round(Math.max(0, ...events.map((event) => event.duration))),
  };
}

/**
 * Switches to the Search view, types `word` into the search box a key at a time, clears it and
 * switches back to the Library view, pausing `pauseMs` between rounds, until `work` settles;
 * resolves what `work` resolved (or throws what it threw). Ends on the Library view.
 */
export async function interactUntil<T>(
  page: Page,
  work: Promise<T>,
  { word = 'harbour', pauseMs = 500 } = {},
): Promise<T> {
  let settled = false;
  const watched = work.finally(() => (settled = true));
  watched.catch(() => undefined);
  const navigation = page.getByRole('navigation', { name: 'Main' });
  const box = page.getByRole('searchbox', { name: 'Search your documents' });
  while (!settled) {
    await navigation.getByRole('link', { name: 'Search' }).click();
    await box.pressSequentially(word, { delay: 40 });
    await box.fill('');
    await navigation.getByRole('link', { name: 'Library' }).click();
    await Promise.race([watched.catch(() => undefined), page.waitForTimeout(pauseMs)]);
  }
  return watched;
}

/** Resolves once the sync of a folder just chosen is shown: the app reads file dates, then indexes. */
export async function syncShown(page: Page): Promise<void> {
  await page.getByTestId('sync-job').first().waitFor();
}
