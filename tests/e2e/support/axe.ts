/**
 * axe-core in the page under test, with no network: the package's own copy is evaluated in the
 * page as a script (the app's Content-Security-Policy refuses inline `<script>` elements, so
 * `page.addScriptTag({ content })` is blocked; script Playwright evaluates is not).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** One rule a page broke, with the elements that break it. */
export interface Violation {
  id: string;
  impact: string;
  help: string;
  /** A CSS selector of each element, e.g. `.card > h3`. */
  targets: string[];
}

/** What axe found on a page: what it broke, and the rules it could not decide (e.g. contrast over an image). */
export interface AxeFindings {
  violations: Violation[];
  incomplete: Violation[];
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: Promise<string> | undefined;

/** Runs axe on the whole page as it is now (loading axe into it first, when needed). */
export async function runAxe(page: Page): Promise<AxeFindings> {
  axeSource ??= readFile(axePath, 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  return page.evaluate(async () => {
    const scope = window as unknown as {
      axe?: {
        run: (
          context: Document,
          options: object,
        ) => Promise<Record<'violations' | 'incomplete', AxeResult[]>>;
      };
    };
    interface AxeResult {
      id: string;
      impact?: string | null;
      help: string;
      nodes: { target: unknown[] }[];
    }
    if (!scope.axe) throw new Error('axe-core did not load');
    const results = await scope.axe.run(document, { resultTypes: ['violations', 'incomplete'] });
    const simplify = (result: AxeResult) => ({
      id: result.id,
      impact: result.impact ?? 'unknown',
      help: result.help,
      targets: result.nodes.map((node) => node.target.map(String).join(' ')),
    });
    return {
      violations: results.violations.map(simplify),
      incomplete: results.incomplete.map(simplify),
    };
  });
}

/** Violations of impact serious or critical: the ones a test fails on. */
export function serious(violations: readonly Violation[]): Violation[] {
  return violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
}

/** `id (impact, n): help — target; target` for a failure message or a report. */
export function describeViolation(violation: Violation): string {
  const { id, impact, help, targets } = violation;
  return `${id} (${impact}, ${targets.length}): ${help} — ${targets.join('; ')}`;
}
