/**
 * A search from the Search view timed in the page, as its user waits for it: from the Enter key's
 * event time stamp (when the browser received it) to the first animation frame after the results
 * heading naming the query shows (passages found or not). Playwright's own round trips (fill,
 * press, the wait for the heading), which the bench's clock also counts, are not in it. The time to
 * the moment the heading is in the document is kept beside it: the rest is the wait for the next
 * frame, which a key press that changes nothing also waits (up to one frame, 16.7 ms at 60 Hz).
 */
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    __searchShown?: Promise<{ shownMs: number; framedMs: number }>;
  }
}

export interface SearchTiming {
  /** Enter to the frame after the results heading, timed in the page. */
  pageMs: number;
  /** Enter to the results heading in the document (the search's work, the worker's and the page's). */
  shownMs: number;
  /** The same search as the bench sees it, from before typing the query to the heading found. */
  benchMs: number;
}

/** Types `query` into the search box (the mode already chosen), presses Enter and times it. */
export async function timedSearch(page: Page, query: string): Promise<SearchTiming> {
  const started = performance.now();
  const box = page.getByRole('searchbox', { name: 'Search your documents' });
  await box.fill(query);
  // Written inline: a named function here would be wrapped in a `__name` helper when tsx runs
  // the bench, which the page does not have.
  await page.evaluate((heading) => {
    window.__searchShown = new Promise((resolve) => {
      let enterAt: number | undefined;
      // Ends the listener once the heading shows, so searches do not pile listeners up.
      const listening = new AbortController();
      window.addEventListener(
        'keydown',
        (event) => {
          if (event.key === 'Enter' && enterAt === undefined) enterAt = event.timeStamp;
        },
        { capture: true, signal: listening.signal },
      );
      new MutationObserver((_, observer) => {
        if (enterAt === undefined) return;
        const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')];
        const text = headings.map((element) => element.textContent ?? '').join('\n');
        if (!text.includes(heading)) return;
        observer.disconnect();
        listening.abort();
        const shownMs = performance.now() - enterAt;
        requestAnimationFrame(() => resolve({ shownMs, framedMs: performance.now() - enterAt! }));
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, `“${query}”`);
  await box.press('Enter');
  const { shownMs, framedMs } = await page.evaluate(() => window.__searchShown!);
  return { pageMs: framedMs, shownMs, benchMs: performance.now() - started };
}
