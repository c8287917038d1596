/**
 * The main thread never blocks: while the fixture folder is indexed, while a question is answered
 * (extractively, and thoroughly through the scripted OpenAI-compatible server) and while a PDF
 * passage is opened on its page, no task on the page's main thread may take over 100 ms. A
 * `PerformanceObserver` for `longtask` entries is installed before the app loads; each stretch is
 * measured on its own, and its figures (count, longest, total) are printed. The first page load
 * (parsing and starting the bundle) may take a long task before the app is usable: each measured
 * stretch starts once the app is ready and its main thread is idle, so that load is not counted.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  startScriptedChatServer,
  type ScriptedChatServer,
} from '../../scripts/eval/scripted-chat-server.ts';
import { AppPage } from './support/app-page.ts';
import { launchBrowser, type BrowserSession } from './support/browser.ts';
import { reportFailure } from './support/failure-report.ts';
import {
  figures,
  longTasksBetween,
  markIdle,
  watchLongTasks,
  type LongTask,
} from './support/long-tasks.ts';

const FIXTURE_LIBRARY = resolve(import.meta.dirname, '../fixtures/library');
/** The longest a task on the main thread may take. */
const LIMIT_MS = 100;

describe('the main thread never blocks', () => {
  const baseUrl = inject('baseUrl');
  let session: BrowserSession;
  let app: AppPage;
  let workspace: string;
  let server: ScriptedChatServer;

  beforeAll(async () => {
    server = await startScriptedChatServer();
    workspace = await mkdtemp(join(tmpdir(), 'archivist-e2e-long-tasks-'));
    await cp(FIXTURE_LIBRARY, join(workspace, 'library'), { recursive: true });
    session = await launchBrowser();
    await watchLongTasks(session.context);
    app = new AppPage(session.page);
    await app.openLibrary(baseUrl);
    const loading = figures(await longTasksBetween(session.page, 0, await markIdle(session.page)));
    console.log(
      `Long tasks while the page loaded (not measured): ${loading.count}, longest ${loading.maxMs} ms, ${loading.totalMs} ms in all`,
    );
  });

  afterEach(({ task }) => reportFailure(task, session));

  afterAll(async () => {
    await session?.close();
    await server?.close();
    await rm(workspace, { recursive: true, force: true });
  });

  /** Runs `stretch` from an idle main thread; resolves the long tasks it caused, reported. */
  async function measure(label: string, stretch: () => Promise<void>): Promise<LongTask[]> {
    const from = await markIdle(session.page);
    await stretch();
    const to = await markIdle(session.page);
    const tasks = await longTasksBetween(session.page, from, to);
    const { count, maxMs, totalMs } = figures(tasks);
    console.log(
      `Long tasks while ${label} (${Math.round(to - from)} ms observed): ${count}, longest ${maxMs} ms, ${totalMs} ms in all`,
    );
    return tasks;
  }

  const overLimit = (tasks: readonly LongTask[]) =>
    tasks
      .filter((task) => task.duration > LIMIT_MS)
      .map(
        (task) =>
          `${Math.round(task.duration)} ms at ${Math.round(task.start)} ms: ${task.scripts.join('; ') || 'no script attributed'}`,
      );

  test('the watch sees a task that blocks', async () => {
    // A timer's task: script run by `page.evaluate` itself is not a task the page observes.
    const tasks = await measure('blocking on purpose for 150 ms', () =>
      session.page.evaluate(
        () =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              const end = performance.now() + 150;
              while (performance.now() < end);
              resolve();
            }),
          ),
      ),
    );
    expect(figures(tasks).maxMs).toBeGreaterThanOrEqual(150);
  });

  test('indexing the fixture folder', async () => {
    const tasks = await measure('indexing the fixture folder', async () => {
      await app.addFolderWithInput(join(workspace, 'library'));
      await app.collectionCard('library').waitFor();
    });
    expect(overLimit(tasks)).toEqual([]);
  });

  test('opening a PDF passage on its page', async () => {
    await app.goToSearch();
    const results = await app.search('Who is the treasurer, Imogen Castellane?');
    const tasks = await measure('opening a PDF passage on its page', async () => {
      await results.first().getByRole('button').click();
      await session.page.getByTestId('page-highlight').first().waitFor();
    });
    await session.page.keyboard.press('Escape');
    expect(overLimit(tasks)).toEqual([]);
  });

  test('answering extractively', async () => {
    await app.goToAsk();
    const tasks = await measure('answering extractively', async () => {
      const answer = await app.ask('How long is the sediment core VH-7?');
      expect(await answer.textContent()).toContain('312 metres');
    });
    expect(overLimit(tasks)).toEqual([]);
  });

  test('answering thoroughly through a model server', async () => {
    await app.useModelServer(server.url, 'scripted');
    await session.page
      .getByRole('combobox', { name: 'Strategy' })
      .selectOption({ label: 'Thorough (slower, checks itself)' });
    const tasks = await measure('answering thoroughly through a model server', async () => {
      const answer = await app.ask('How long did the migration to schema version 3 take?');
      expect((await answer.textContent())?.trim().length).toBeGreaterThan(0);
      await (await app.openTrace()).getByRole('table', { name: 'Candidates' }).waitFor();
    });
    expect(overLimit(tasks)).toEqual([]);
  });
});
