import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { BrowserSession } from './browser.ts';

const RESULTS_DIRECTORY = resolve(import.meta.dirname, '../../../test-results');

/**
 * After a failed test: a full-page screenshot in `test-results/` named after the test, and the
 * browser's errors so far on stderr.
 */
export async function reportFailure(
  task: { name: string; result?: { state?: string } },
  session: BrowserSession | undefined,
): Promise<void> {
  if (task.result?.state !== 'fail' || !session) return;
  await mkdir(RESULTS_DIRECTORY, { recursive: true });
  const name = task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  await session.page.screenshot({
    path: join(RESULTS_DIRECTORY, `e2e-${name}.png`),
    fullPage: true,
  });
  console.error(`Browser errors so far:\n${session.errors.join('\n') || '(none)'}`);
}
