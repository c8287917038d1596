import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Every URL the page and its workers requested, in order. */
  requests: string[];
  /** Uncaught page errors and console errors, for diagnosing a failure. */
  errors: string[];
  close(): Promise<void>;
}

const CHROMIUM_ARGUMENTS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156 runs its omnibox popup as a hidden WebUI page that, headless, keeps a core busy
  // for seconds after a launch or a navigation (traced: 4 s of CPU across a 50k reload on two
  // cores). It is no part of the app, so the benches and tests leave it out.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
];

export interface LaunchOptions {
  /** Offer WebGPU (`--enable-unsafe-webgpu`): headless, it is SwiftShader's software adapter. */
  webGpu?: boolean;
  /** A profile folder to use (and keep on close), to open a browser again on the same data. */
  profile?: string;
}

/** Headless Chromium with a fresh profile (so IndexedDB starts empty and survives reloads). */
export async function launchBrowser(options: LaunchOptions = {}): Promise<BrowserSession> {
  const userDataDirectory =
    options.profile ?? (await mkdtemp(join(tmpdir(), 'archivist-e2e-profile-')));
  const context = await chromium.launchPersistentContext(userDataDirectory, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: options.webGpu ? [...CHROMIUM_ARGUMENTS, '--enable-unsafe-webgpu'] : CHROMIUM_ARGUMENTS,
    viewport: { width: 1280, height: 900 },
  });
  const requests: string[] = [];
  const errors: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return {
    context,
    page,
    requests,
    errors,
    close: async () => {
      await context.close();
      if (!options.profile) await rm(userDataDirectory, { recursive: true, force: true });
    },
  };
}

/** Requests that went anywhere but this machine (data: and blob: URLs never leave it). */
export function requestsOffDevice(requests: readonly string[]): string[] {
  return requests.filter((url) => {
    const { protocol, hostname } = new URL(url);
    if (protocol === 'data:' || protocol === 'blob:') return false;
    return !['localhost', '127.0.0.1', '[::1]'].includes(hostname);
  });
}

/**
 * Fails when a request of the session so far went anywhere but this machine. The browser tests
 * check it after each test (useAppSession does), so it holds whichever tests ran and in any order.
 */
export function expectNothingOffDevice(session: BrowserSession | undefined): void {
  if (session) expect(requestsOffDevice(session.requests), 'requests off the device').toEqual([]);
}
