/**
 * Watches a page for any sign that hostile text became live markup: a MutationObserver installed
 * before the app's own scripts records every element that could run script or load something as
 * it is added (even one removed again at once), every element with an inline event handler, and
 * every Content-Security-Policy violation; `inertReport` adds a scan of the page as it is and the
 * `__xss` flag that the payloads in tests/fixtures/xss-payloads.ts set when they run.
 */
import type { BrowserContext, Page } from 'playwright-core';

/** Elements that run script, load a resource, navigate or send when created from text. */
const DANGEROUS = [
  'script',
  'img',
  'image',
  'iframe',
  'frame',
  'object',
  'embed',
  'video',
  'audio',
  'source',
  'link',
  'style',
  'meta',
  'base',
  'math',
  'form[action]',
  'a[href^="javascript:" i]',
  'a[href^="data:" i]',
  'a[ping]',
  '[srcdoc]',
  '[style*="url(" i]',
  '[style*="expression(" i]',
].join(', ');

/** What the watch saw; empty lists and no flag mean everything stayed inert. */
export interface InertReport {
  /** `window.__xss`, set by a payload that ran. */
  flag: unknown;
  /** Dangerous elements added to the page since it loaded. */
  added: string[];
  /** Dangerous elements in the page's body now. */
  present: string[];
  /** Content-Security-Policy violations: something tried and was blocked. */
  violations: string[];
}

/** Starts the watch in every page and frame the context opens, before the app's scripts. */
export async function watchForLiveMarkup(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ({ dangerous }) => {
      const watch = { added: [] as string[], violations: [] as string[] };
      Object.defineProperty(window, '__inertWatch', { value: watch });
      const describe = (element: Element) => element.outerHTML.slice(0, 160);
      const inspect = (element: Element) => {
        const handler = [...element.attributes].some((attribute) =>
          attribute.name.toLowerCase().startsWith('on'),
        );
        const hiddenIcon = element.localName === 'svg' && element.closest('[aria-hidden="true"]');
        if (handler || (element.localName === 'svg' && !hiddenIcon) || element.matches(dangerous)) {
          watch.added.push(describe(element));
        }
      };
      new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          for (const node of mutation.addedNodes) {
            if (!(node instanceof Element) || !node.isConnected || !document.body?.contains(node))
              continue;
            inspect(node);
            node.querySelectorAll('*').forEach(inspect);
          }
        }
      }).observe(document, { childList: true, subtree: true });
      document.addEventListener('securitypolicyviolation', (event) => {
        watch.violations.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    },
    { dangerous: DANGEROUS },
  );
}

export async function inertReport(page: Page): Promise<InertReport> {
  return page.evaluate((dangerous) => {
    const watch = (
      window as unknown as { __inertWatch?: { added: string[]; violations: string[] } }
    ).__inertWatch ?? { added: ['(the watch is not installed)'], violations: [] };
    const present = [...document.body.querySelectorAll('*')]
      .filter(
        (element) =>
          element.matches(dangerous) ||
          [...element.attributes].some((attribute) => attribute.name.startsWith('on')) ||
          (element.localName === 'svg' && !element.closest('[aria-hidden="true"]')),
      )
      .map((element) => element.outerHTML.slice(0, 160));
    const head = [...document.querySelectorAll('base, meta[http-equiv="refresh" i]')].map(
      (element) => element.outerHTML,
    );
    return {
      flag: (window as unknown as { __xss?: unknown }).__xss,
      added: [...watch.added],
      present: [...present, ...head],
      violations: [...watch.violations],
    };
  }, DANGEROUS);
}
