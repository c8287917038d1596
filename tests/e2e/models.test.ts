/**
 * The model manager in headless Chromium. Without WebGPU: reached from the Ask view's engine
 * settings, every on-device model says why it cannot run and cannot be downloaded, the storage and
 * the embedding models (and which collection uses which) are shown, a partial download left in
 * Cache Storage reads as such after a reload and is deleted. With SwiftShader's WebGPU: the adapter
 * and its limits, shader-f16 = no, the q4f32 model runnable; a download from a model host on
 * 127.0.0.1 fails part way, resumes with only the missing shards, and is deleted. No request
 * leaves this machine: the manager contacts no model host until Download is pressed.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { AppPage } from './support/app-page.ts';
import {
  expectNothingOffDevice,
  launchBrowser,
  requestsOffDevice,
  type BrowserSession,
} from './support/browser.ts';
import { reportFailure } from './support/failure-report.ts';
import { startModelHost, type ModelHost } from './support/model-host.ts';

const SMOL = 'SmolLM2-360M-Instruct-q4f32_1-MLC';
const SMOL_LIBRARY = 'SmolLM2-360M-Instruct-q4f32_1_cs1k-webgpu.wasm';
const SMOL_FOLDER = `https://huggingface.co/mlc-ai/${SMOL}/resolve/main/`;

/** Opens the Models view at its address. */
async function openModels(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}#/models`);
  await page.getByRole('heading', { name: 'This device' }).waitFor();
}

function modelCard(page: Page, label: string): Locator {
  return page
    .getByTestId('on-device-model')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) });
}

/** Cache Storage URLs of web-llm's model and config caches under `folder`. */
function cachedUnder(page: Page, folder: string): Promise<string[]> {
  return page.evaluate(async (prefix) => {
    const urls: string[] = [];
    for (const name of ['webllm/model', 'webllm/config']) {
      const keys = await (await caches.open(name)).keys();
      urls.push(...keys.map((request) => request.url).filter((url) => url.startsWith(prefix)));
    }
    return urls;
  }, folder);
}

describe('the model manager without WebGPU', () => {
  const baseUrl = inject('baseUrl');
  let session: BrowserSession;
  let app: AppPage;
  let workspace: string;

  beforeAll(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'archivist-e2e-models-'));
    await mkdir(join(workspace, 'notes'));
    await writeFile(join(workspace, 'notes', 'basil.md'), '# Basil\n\nSnails ate the basil.\n');
    session = await launchBrowser();
    // A browser without a built-in model, whatever this Chromium offers (150 reports its Prompt
    // API's model as downloadable, which the view then recommends instead of a server).
    await session.context.addInitScript(() => {
      delete (globalThis as { LanguageModel?: unknown }).LanguageModel;
    });
    app = new AppPage(session.page);
    await app.openLibrary(baseUrl);
    await app.addFolderWithInput(join(workspace, 'notes'));
  });

  afterEach(async ({ task }) => {
    await reportFailure(task, session);
    expectNothingOffDevice(session);
  });

  afterAll(async () => {
    await session?.close();
    await rm(workspace, { recursive: true, force: true });
  });

  test('opens from the engine settings and says why no model can run here', async () => {
    const page = session.page;
    await app.goToAsk();
    const settings = page.getByTestId('answer-engine');
    await settings.locator('summary').click();
    await settings.getByRole('link', { name: 'Manage models' }).click();
    await page.getByRole('heading', { name: 'This device' }).waitFor();
    expect(page.url()).toMatch(/#\/models$/);
    expect(await page.getByTestId('webgpu-status').textContent()).toMatch(
      /No: (this browser has no WebGPU|WebGPU found no usable graphics adapter)/,
    );
    const cards = page.getByTestId('on-device-model');
    expect(await cards.count()).toBe(7);
    await page.locator('[data-testid="model-files"][data-state="none"]').nth(6).waitFor();
    // The reason no model runs is said once above them, not once per model.
    expect(await page.getByTestId('shared-reasons').textContent()).toMatch(
      /None of these can run on this device: (this browser has no WebGPU|WebGPU found no usable graphics adapter)\./,
    );
    for (const card of await cards.all()) {
      expect((await card.getByTestId('model-verdict').textContent())?.trim()).toBe(
        'Cannot run here.',
      );
      expect(await card.getByText('Chosen').count()).toBe(0);
      expect(await card.getByRole('button', { name: /^Download / }).isDisabled()).toBe(true);
      expect(await card.getByTestId('model-files').textContent()).toContain('Not downloaded.');
    }
    expect(await modelCard(page, 'Qwen2.5 1.5B').textContent()).toMatch(
      /about 870 MB download · 1.6 GB GPU memory · 4,096-token context · needs shader-f16/,
    );
  });

  test('recommends a local server, with the commands that let this page call it', async () => {
    const page = session.page;
    await openModels(page, baseUrl);
    const recommendation = page.getByTestId('engine-recommendation');
    await recommendation.and(page.locator('[data-kind="server"]')).waitFor();
    expect(await recommendation.textContent()).toContain(
      'Run a language model server on this computer',
    );
    const origin = new URL(baseUrl).origin;
    expect(await recommendation.locator('pre').first().textContent()).toContain(
      `OLLAMA_ORIGINS=${origin} ollama serve`,
    );
    expect(await recommendation.locator('pre').nth(1).textContent()).toMatch(
      /^llama-server .* --port 8080$/,
    );
    expect(await page.getByRole('form', { name: 'On-device model' }).count()).toBe(0);
  });

  test('shows the storage, the persistence request and the embedding models in use', async () => {
    const page = session.page;
    await openModels(page, baseUrl);
    await page.getByTestId('storage-usage').waitFor();
    expect(await page.getByText('Persistent storage keeps the browser').count()).toBe(1);
    const embedders = page.getByTestId('embedding-model');
    expect(await embedders.count()).toBe(3);
    expect(await embedders.first().textContent()).toContain('built in');
    expect(await embedders.first().getByTestId('embedding-model-users').textContent()).toContain(
      'Used by notes.',
    );
    expect(await embedders.nth(1).getByTestId('embedding-model-users').textContent()).toContain(
      'No collection uses it.',
    );
  });

  test('reads a partial download after a reload, and deletes it', async () => {
    const page = session.page;
    await openModels(page, baseUrl);
    await page.evaluate(async (folder) => {
      const shards = [
        { dataPath: 'params_shard_0.bin', nbytes: 1000 },
        { dataPath: 'params_shard_1.bin', nbytes: 3000 },
      ];
      const model = await caches.open('webllm/model');
      await model.put(
        `${folder}tensor-cache.json`,
        new Response(JSON.stringify({ records: shards })),
      );
      await model.put(`${folder}params_shard_0.bin`, new Response(new Uint8Array(1000)));
      const config = await caches.open('webllm/config');
      await config.put(`${folder}mlc-chat-config.json`, new Response('{"tokenizer_files":[]}'));
    }, SMOL_FOLDER);
    await page.reload();
    const card = modelCard(page, 'SmolLM2 360M');
    const files = card.getByTestId('model-files');
    await card.locator('[data-state="partial"]').waitFor();
    expect(await files.textContent()).toMatch(
      /Partly downloaded: 1 of 2 parts \(1000 B of 3.9 KB\)\. Download resumes where it stopped\./,
    );
    await card.getByRole('button', { name: 'Delete SmolLM2 360M from this device' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('heading').textContent()).toContain('Delete “SmolLM2 360M”');
    await dialog.getByRole('button', { name: 'Delete model' }).click();
    await card.locator('[data-state="none"]').waitFor();
    expect(await cachedUnder(page, SMOL_FOLDER)).toEqual([]);
  });
});

describe('the model manager on a software WebGPU adapter', () => {
  const baseUrl = inject('baseUrl');
  let session: BrowserSession;
  let host: ModelHost;

  beforeAll(async () => {
    host = await startModelHost(SMOL, SMOL_LIBRARY, [3000, 2000, 1000, 500]);
    session = await launchBrowser({ webGpu: true });
  });

  afterEach(async ({ task }) => {
    await reportFailure(task, session);
    expectNothingOffDevice(session);
  });

  afterAll(async () => {
    await session?.close();
    await host?.close();
  });

  test('shows the adapter, its limits and shader-f16 = no, and which models run', async () => {
    const page = session.page;
    const hostRequestsBefore = host.requests.length;
    await page.goto(`${baseUrl}#/library`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Models' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'This device' }).waitFor();
    await page.getByTestId('gpu-adapter').waitFor();
    expect(await page.getByTestId('webgpu-status').textContent()).toContain('Yes');
    expect(await page.getByTestId('gpu-adapter').textContent()).toMatch(
      /swiftshader.*\(software renderer, slow\)/,
    );
    expect(await page.getByTestId('shader-f16').textContent()).toContain('No');
    const limits = page.getByTestId('adapter-limit');
    expect(await limits.count()).toBe(4);
    expect(await limits.allTextContents()).toEqual([
      expect.stringMatching(/maxBufferSize\s*[\d.]+ (MB|GB)\s*at least 256 MB/),
      expect.stringMatching(/maxStorageBufferBindingSize\s*[\d.]+ (MB|GB)\s*at least 128 MB/),
      expect.stringMatching(/maxComputeWorkgroupStorageSize\s*\d+ KB\s*at least 32 KB/),
      expect.stringMatching(/maxStorageBuffersPerShaderStage\s*\d+\s*at least 10/),
    ]);

    const smol = modelCard(page, 'SmolLM2 360M');
    expect(await smol.getByTestId('model-verdict').textContent()).toMatch(
      /Can run here\.\s*Note: the adapter is a software renderer/,
    );
    // Enabled once the worker has said which of its files are on the device (none yet).
    await expect
      .poll(() => smol.getByRole('button', { name: `Download SmolLM2 360M` }).isEnabled())
      .toBe(true);
    const qwen = modelCard(page, 'Qwen2.5 1.5B');
    expect(await qwen.getByTestId('model-verdict').textContent()).toContain(
      'Cannot run here: it needs the WebGPU feature shader-f16',
    );
    expect(await qwen.getByRole('button', { name: /^Download / }).isDisabled()).toBe(true);
    expect(requestsOffDevice(session.requests)).toEqual([]);
    expect(host.requests.slice(hostRequestsBefore)).toEqual([]);
  });

  test('downloads from a custom URL, resumes after a failure with only what is missing, and deletes it', async () => {
    const page = session.page;
    await openModels(page, baseUrl);
    await page.getByTestId('gpu-adapter').waitFor();
    const form = page.getByRole('form', { name: 'On-device model' });
    expect(await form.getByRole('combobox', { name: 'Model', exact: true }).inputValue()).toBe(
      SMOL,
    );
    await form.getByRole('textbox', { name: 'Custom model URL (optional)' }).fill(host.modelUrl);
    const card = modelCard(page, 'SmolLM2 360M');
    await card.getByText(`From ${new URL(host.modelUrl).host}.`).waitFor();

    host.failOnce.add(host.shardPaths[2]!);
    await card.getByRole('button', { name: 'Download SmolLM2 360M' }).click();
    await card.locator('[data-testid="model-download"][data-status="failed"]').waitFor();
    expect(await card.getByTestId('model-download').textContent()).toMatch(
      /params_shard_2\.bin: HTTP 500.*resumes where it stopped/,
    );
    await card.locator('[data-testid="model-files"][data-state="partial"]').waitFor();
    expect(await card.getByTestId('model-files').textContent()).toContain('3 of 4 parts');

    const before = host.requests.length;
    await card.getByRole('button', { name: 'Resume the download of SmolLM2 360M' }).click();
    await card.locator('[data-testid="model-files"][data-state="downloaded"]').waitFor();
    expect(host.requests.slice(before)).toEqual([host.shardPaths[2]]);
    expect(await card.getByTestId('model-download').textContent()).toContain('Downloaded');
    expect(await card.getByTestId('model-files').textContent()).toContain('Downloaded (6.3 KB).');

    await card.getByRole('button', { name: 'Delete SmolLM2 360M from this device' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete model' }).click();
    await card.locator('[data-testid="model-files"][data-state="none"]').waitFor();
    expect(await cachedUnder(page, `${host.modelUrl}/`)).toEqual([]);
  });
});
