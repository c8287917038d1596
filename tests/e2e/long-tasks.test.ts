/**
 * The main thread never blocks: while the fixture folder is indexed, while a question is answered
 * (extractively, and thoroughly through the scripted OpenAI-compatible server) and while a PDF
 * passage is opened on its page, no task on the page's main thread may take over 100 ms. A
 * `PerformanceObserver` for `longtask` entries is installed before the app loads; each stretch is
 * measured on its own, and its figures (count, longest, total) are printed. The first page load
 * (parsing and starting the bundle) may take a long task before the app is usable: each measured
 * stretch starts once the app is ready and its main thread is idle, so that load is not counted.
 */
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  startScriptedChatServer,
  type ScriptedChatServer,
} from '../../scripts/eval/scripted-chat-server.ts';
import {
  figures,
  longTasksBetween,
  markIdle,
  watchLongTasks,
  type LongTask,
} from './support/long-tasks.ts';
import { useAppSession } from './support/app-session.ts';

/** The longest a task on the main thread may take. */
const LIMIT_MS = 100;

describe('the main thread never blocks', () => {
  const ui = useAppSession({
    name: 'long-tasks',
    addLibrary: false,
    prepare: (workspace) =>
      cp(join(workspace, 'library'), join(workspace, 'indexed'), { recursive: true }),
    beforeOpen: (browser) => watchLongTasks(browser.context),
  });
  let server: ScriptedChatServer;

  beforeAll(async () => {
    server = await startScriptedChatServer();
    const loading = figures(await longTasksBetween(ui.page, 0, await markIdle(ui.page)));
    console.log(
      `Long tasks while the page loaded (not measured): ${loading.count}, longest ${loading.maxMs} ms, ${loading.totalMs} ms in all`,
    );
    // For the tests that search and answer; the indexing test adds a copy, a collection of its own.
    await ui.app.addFolderWithInput(ui.library);
  });

  afterAll(() => server?.close());

  /** Runs `stretch` from an idle main thread; resolves the long tasks it caused, reported. */
  async function measure(label: string, stretch: () => Promise<void>): Promise<LongTask[]> {
    const from = await markIdle(ui.page);
    await stretch();
    const to = await markIdle(ui.page);
    const tasks = await longTasksBetween(ui.page, from, to);
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
      ui.page.evaluate(
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
    await ui.app.openLibrary(ui.baseUrl);
    const tasks = await measure('indexing the fixture folder', async () => {
      await ui.app.addFolderWithInput(join(ui.workspace, 'indexed'));
      await ui.app.collectionCard('indexed').waitFor();
    });
    expect(overLimit(tasks)).toEqual([]);
  });

  test('opening a PDF passage on its page', async () => {
    await ui.app.goToSearch();
    const results = await ui.app.search('Who is the treasurer, Imogen Castellane?');
    const tasks = await measure('opening a PDF passage on its page', async () => {
      await results.first().getByRole('button').click();
      await ui.page.getByTestId('page-highlight').first().waitFor();
    });
    await ui.page.keyboard.press('Escape');
    await ui.page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(overLimit(tasks)).toEqual([]);
  });

  test('answering extractively', async () => {
    await ui.app.useExtractive();
    await ui.page.getByRole('combobox', { name: 'Strategy' }).selectOption('auto');
    await ui.app.newConversation();
    const tasks = await measure('answering extractively', async () => {
      const answer = await ui.app.ask('How long is the sediment core VH-7?');
      expect(await answer.textContent()).toContain('312 metres');
    });
    expect(overLimit(tasks)).toEqual([]);
  });

  test('answering thoroughly through a model server', async () => {
    await ui.app.answerWithServer(server.url, 'scripted');
    await ui.page
      .getByRole('combobox', { name: 'Strategy' })
      .selectOption({ label: 'Thorough (slower, checks itself)' });
    await ui.app.newConversation();
    const tasks = await measure('answering thoroughly through a model server', async () => {
      const answer = await ui.app.ask('How long did the migration to schema version 3 take?');
      expect((await answer.textContent())?.trim().length).toBeGreaterThan(0);
      await (await ui.app.openTrace()).getByRole('table', { name: 'Candidates' }).waitFor();
    });
    expect(overLimit(tasks)).toEqual([]);
  });
});
