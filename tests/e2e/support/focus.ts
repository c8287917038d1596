/**
 * Keyboard focus as a person sees it: what has the focus (described by its tag and its name),
 * whether it lies inside an element, and a sweep with Tab over every stop of the page that tells
 * which show no focus indicator, i.e. whose outline or box-shadow (or that of an element around
 * it or just after it, which some controls draw on) is the same focused as not.
 */
import type { Locator, Page } from 'playwright-core';

/** `tag "name"` of the focused element, e.g. `button "Ask"`; `body` when nothing has the focus. */
export function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const labels = (element as HTMLInputElement).labels;
    const name =
      element.getAttribute('aria-label') ??
      (labels?.[0] ? labels[0].innerText : (element as HTMLElement).innerText);
    return `${element.localName} "${(name ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
  });
}

/** Whether the focused element lies inside `container`. */
export function focusIsInside(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

/** Presses Tab until `target` has the focus; resolves each stop on the way, `target` last. */
export async function tabTo(page: Page, target: string, limit = 60): Promise<string[]> {
  const stops: string[] = [];
  for (let index = 0; index < limit; index += 1) {
    await page.keyboard.press('Tab');
    stops.push(await focused(page));
    if (stops.at(-1) === target) return stops;
  }
  throw new Error(`${target} was not reached in ${limit} presses of Tab: ${stops.join(' → ')}`);
}

interface FocusSweep {
  entries: { label: string; look: string[] }[];
  /**
   * Visible outline (a transparent one, for forced colours, is none) and box-shadow of an element,
   * its next sibling and three elements around it.
   */
  look(element: HTMLElement): string[];
}

/**
 * Tabs once round the page (or the open modal dialog) and resolves the stops that show no
 * focus indicator, as `tag "name"`, with the number of stops visited.
 */
export async function stopsWithoutIndicator(
  page: Page,
  limit = 200,
): Promise<{ visited: number; missing: string[] }> {
  await page.evaluate(() => {
    const sweep: FocusSweep = {
      entries: [],
      look: (element) =>
        [
          element,
          element.nextElementSibling,
          element.parentElement,
          element.parentElement?.parentElement,
          element.parentElement?.parentElement?.parentElement,
        ].map((item) => {
          if (!item) return '';
          const style = getComputedStyle(item);
          const outline =
            style.outlineStyle === 'none' ||
            parseFloat(style.outlineWidth) === 0 ||
            style.outlineColor === 'rgba(0, 0, 0, 0)'
              ? 'no outline'
              : `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
          return `${outline} | ${style.boxShadow}`;
        }),
    };
    (window as unknown as { __focusSweep: FocusSweep }).__focusSweep = sweep;
  });
  let visited = 0;
  let bodyStops = 0;
  for (let index = 0; index < limit; index += 1) {
    await page.keyboard.press('Tab');
    const step = await page.evaluate(() => {
      const sweep = (window as unknown as { __focusSweep: FocusSweep }).__focusSweep;
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return 'body';
      if (element.dataset.focusSweep !== undefined) return 'again';
      element.dataset.focusSweep = String(sweep.entries.length);
      const name = (element.getAttribute('aria-label') ?? element.innerText ?? '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 60);
      sweep.entries.push({ label: `${element.localName} "${name}"`, look: sweep.look(element) });
      return 'new';
    });
    if (step === 'again') break;
    if (step === 'body' && (bodyStops += 1) > 1) break;
    if (step === 'new') visited += 1;
  }
  const missing = await page.evaluate(() => {
    const sweep = (window as unknown as { __focusSweep: FocusSweep }).__focusSweep;
    (document.activeElement as HTMLElement | null)?.blur();
    return [...document.querySelectorAll<HTMLElement>('[data-focus-sweep]')].flatMap((element) => {
      const entry = sweep.entries[Number(element.dataset.focusSweep)];
      delete element.dataset.focusSweep;
      if (!entry) return [];
      const look = sweep.look(element);
      return look.some((part, index) => part !== entry.look[index]) ? [] : [entry.label];
    });
  });
  return { visited, missing };
}
