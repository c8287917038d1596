import type { Locator, Page } from 'playwright-core';

/** How long one sync of the fixture folder may take on a slow machine. */
const SYNC_TIMEOUT = 120_000;

/** How long one answer with the extractive engine may take on a slow machine. */
const ANSWER_TIMEOUT = 30_000;

/** The answer engine's label while no model is set up. */
const EXTRACTIVE = 'Extractive (no model)';

/** The app as a user drives it: its Ask, Library and Search screens. */
export class AppPage {
  constructor(readonly page: Page) {}

  async openLibrary(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}#/library`);
    await this.page.getByRole('heading', { name: 'Collections', exact: true }).waitFor();
  }

  /**
   * Waits for the app's service worker to be active, the first visit's precache of its files done
   * (a sync begun beside it shares the machine with it); resolves the page's milliseconds since
   * its load by then.
   */
  async serviceWorkerReady(): Promise<number> {
    return Math.round(
      await this.page.evaluate(() => navigator.serviceWorker.ready.then(() => performance.now())),
    );
  }

  /**
   * Adds (or re-adds) a folder through the `<input webkitdirectory>`, waits for its sync (at most
   * `timeout` ms) and resolves its summary.
   */
  async addFolderWithInput(directory: string, timeout = SYNC_TIMEOUT): Promise<string> {
    const previous = await this.page.getByTestId('sync-job').count();
    await this.page.getByTestId('folder-input').setInputFiles(directory);
    const job = this.page.getByTestId('sync-job').nth(previous);
    const finished = this.page.locator(
      '[data-status="done"], [data-status="failed"], [data-status="cancelled"]',
    );
    await job.and(finished).waitFor({ timeout });
    const status = await job.getAttribute('data-status');
    if (status !== 'done') throw new Error(`The sync ended ${status}: ${await job.textContent()}`);
    return (await job.getByTestId('sync-summary').textContent()) ?? '';
  }

  collectionCard(name: string): Locator {
    return this.page.getByTestId('collection-card').filter({
      has: this.page.getByRole('heading', { name, exact: true }),
    });
  }

  /** The rows of a collection's skipped/failed file list, opened. */
  async fileIssues(name: string): Promise<Locator> {
    const list = this.collectionCard(name).getByTestId('file-issues');
    await list.locator('summary').click();
    return list.getByRole('listitem');
  }

  async goToSearch(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Search' })
      .click();
    await this.page.getByRole('searchbox', { name: 'Search your documents' }).waitFor();
  }

  /**
   * Runs a search in `mode` (the app's default unless told: the mode chosen stays until a reload,
   * and a search should not depend on an earlier one's) and returns its result cards once shown.
   */
  async search(query: string, mode: 'Hybrid' | 'Keyword' | 'Meaning' = 'Hybrid'): Promise<Locator> {
    await this.page.getByRole('radio', { name: mode }).check();
    const box = this.page.getByRole('searchbox', { name: 'Search your documents' });
    await box.fill(query);
    await box.press('Enter');
    await this.page
      .getByRole('heading', { name: new RegExp(`for “${escapeRegExp(query)}”|No passages`) })
      .waitFor();
    return this.page.getByTestId('search-result');
  }

  async goToAsk(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Ask' })
      .click();
    await this.page.getByRole('textbox', { name: 'Your question' }).waitFor();
  }

  /** Opens a new conversation on the Ask screen. */
  async newConversation(): Promise<void> {
    await this.goToAsk();
    await this.page.getByRole('button', { name: 'New conversation' }).first().click();
    await this.page.getByTestId('conversation-title').getByText('New conversation').waitFor();
  }

  /** Asks a question as the first of a new conversation; resolves its answer as `ask` does. */
  async askAnew(question: string): Promise<Locator> {
    await this.newConversation();
    return this.ask(question);
  }

  /**
   * Asks a question (the next turn of the open conversation) and resolves its answer, the last
   * one shown, once the run ended (the Ask button is back).
   */
  async ask(question: string): Promise<Locator> {
    const box = this.page.getByRole('textbox', { name: 'Your question' });
    await box.fill(question);
    await box.press('Enter');
    await this.page
      .getByRole('button', { name: 'Stop' })
      .waitFor({ state: 'detached', timeout: ANSWER_TIMEOUT });
    await this.page.getByRole('button', { name: 'Ask', exact: true }).waitFor();
    return this.page.getByTestId('answer').last();
  }

  /** Tests the connection to an OpenAI-compatible server, then answers with it. */
  async useModelServer(baseUrl: string, model: string): Promise<void> {
    const settings = this.page.getByTestId('answer-engine');
    await settings.locator('summary').click();
    const form = settings.getByRole('form', { name: 'OpenAI-compatible server' });
    await form.getByRole('textbox', { name: 'Base URL' }).fill(baseUrl);
    await form.getByRole('textbox', { name: 'Model' }).fill(model);
    await form.getByRole('button', { name: 'Test connection' }).click();
    await form.getByText('Connected; the model is available.').waitFor();
    await form.getByRole('button', { name: 'Use this server' }).click();
    await this.page.getByTestId('answer-engine-label').getByText(model).waitFor();
    await settings.locator('summary').click();
  }

  /** Answers through the OpenAI-compatible server at `baseUrl` unless the app already does. */
  async answerWithServer(baseUrl: string, model: string): Promise<void> {
    await this.goToAsk();
    const label = await this.page.getByTestId('answer-engine-label').textContent();
    if (!label?.includes(model)) await this.useModelServer(baseUrl, model);
  }

  /** Goes back to extractive answers (no model), unless the app already gives them. */
  async useExtractive(): Promise<void> {
    await this.goToAsk();
    const label = this.page.getByTestId('answer-engine-label');
    if ((await label.textContent()) === EXTRACTIVE) return;
    const settings = this.page.getByTestId('answer-engine');
    await settings.locator('summary').click();
    await settings.getByRole('button', { name: 'Use extractive' }).click();
    await label.getByText(EXTRACTIVE, { exact: true }).waitFor();
    await settings.locator('summary').click();
  }

  /** The trace of the last turn, opened. */
  async openTrace(): Promise<Locator> {
    const trace = this.page.getByTestId('trace').last();
    if ((await trace.getAttribute('open')) === null) await trace.locator('summary').click();
    return trace;
  }

  /** Opens a result's document; resolves the highlighted passage in the viewer. */
  async openResult(result: Locator): Promise<Locator> {
    await result.getByRole('button').click();
    const passage = this.page.getByTestId('document-passage');
    await passage.waitFor();
    return passage;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
