/**
 * The setup most browser tests share, as vitest hooks of the calling `describe`: a temporary
 * workspace (with a copy of tests/fixtures/library as `library/` unless told otherwise), a fresh
 * browser, the app opened and that folder added through the folder input; after each test, a
 * screenshot and the browser's errors when it failed, and a check that no request so far left
 * this machine; the browser closed and the workspace removed after the last test. A test file's
 * own `beforeAll` runs after this one's, its own `afterEach` before this one's.
 *
 * The tests of a `describe` share its browser, but none may count on what another test did: each
 * goes to the screen it needs and sets up what it reads, so that any one of them passes alone
 * (`-t`) and in any order.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { AppPage } from './app-page.ts';
import {
  expectNothingOffDevice,
  launchBrowser,
  type BrowserSession,
  type LaunchOptions,
} from './browser.ts';
import { reportFailure } from './failure-report.ts';

const FIXTURE_LIBRARY = resolve(import.meta.dirname, '../../fixtures/library');

export interface AppSessionOptions {
  /** Part of the workspace folder's name: `archivist-e2e-<name>-…`. */
  name: string;
  /** Copies the fixture library into `<workspace>/library` (default true). */
  copyLibrary?: boolean;
  /** Adds that folder through the folder input once the app is open (default: when copied). */
  addLibrary?: boolean;
  /** Opens the app (default true); false leaves the page blank for the tests to open. */
  open?: boolean;
  /** Before the browser starts: more files in the workspace. */
  prepare?: (workspace: string) => Promise<void>;
  /** Once the browser runs, before the app opens: watchers on its context or page. */
  beforeOpen?: (session: BrowserSession) => Promise<void> | void;
  launch?: LaunchOptions;
}

/** What the hooks set up, readable from the tests (and their own hooks) once it is there. */
export interface AppSession {
  readonly baseUrl: string;
  readonly workspace: string;
  /** `<workspace>/library`. */
  readonly library: string;
  readonly browser: BrowserSession;
  readonly page: Page;
  readonly app: AppPage;
  /** The summary of the sync that added `library/` in the setup (empty when it was not added). */
  readonly librarySummary: string;
}

export function useAppSession(options: AppSessionOptions): AppSession {
  const baseUrl = inject('baseUrl');
  let workspace: string | undefined;
  let browser: BrowserSession | undefined;
  let app: AppPage | undefined;
  let librarySummary = '';
  const copyLibrary = options.copyLibrary ?? true;

  beforeAll(async () => {
    workspace = await mkdtemp(join(tmpdir(), `archivist-e2e-${options.name}-`));
    if (copyLibrary) await cp(FIXTURE_LIBRARY, join(workspace, 'library'), { recursive: true });
    await options.prepare?.(workspace);
    browser = await launchBrowser(options.launch);
    await options.beforeOpen?.(browser);
    app = new AppPage(browser.page);
    if (options.open === false) return;
    await app.openLibrary(baseUrl);
    if (options.addLibrary ?? copyLibrary) {
      librarySummary = await app.addFolderWithInput(join(workspace, 'library'));
    }
  });

  afterEach(async ({ task }) => {
    await reportFailure(task, browser);
    expectNothingOffDevice(browser);
  });

  afterAll(async () => {
    await browser?.close();
    if (workspace) await rm(workspace, { recursive: true, force: true });
  });

  return {
    baseUrl,
    get workspace() {
      return ready(workspace);
    },
    get library() {
      return join(ready(workspace), 'library');
    },
    get browser() {
      return ready(browser);
    },
    get page() {
      return ready(browser).page;
    },
    get app() {
      return ready(app);
    },
    get librarySummary() {
      ready(app);
      return librarySummary;
    },
  };
}

function ready<T>(value: T | undefined): T {
  if (value === undefined)
    throw new Error('The app session is not set up yet (read it in a test).');
  return value;
}
