/**
 * A full garbage collection in a page and in every worker below it (the library worker, its parse
 * workers), through the Chrome DevTools Protocol, so that a memory reading after it counts what
 * the app holds rather than what V8 has not yet collected: on a machine with memory to spare,
 * Chromium leaves hundreds of MB of dead array buffers and message data uncollected for a while.
 */
import type { CDPSession, Page } from 'playwright-core';

/** How long one worker may take to answer before it is left out (a worker may be ending). */
const ANSWER_TIMEOUT_MS = 10_000;

interface AttachedEvent {
  sessionId: string;
}
interface MessageEvent {
  sessionId: string;
  message: string;
}
interface ProtocolMessage {
  id?: number;
  method?: string;
  params?: { sessionId: string; message: string };
}

/**
 * Attaches to the page's workers and theirs (nested sessions, as the protocol's non-flat mode
 * addresses them: each message wrapped once per level), and collects garbage in each, then in the
 * page.
 */
export async function collectGarbageEverywhere(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const workers = new WorkerSessions(cdp);
  try {
    await workers.attach();
    // Attachment reports arrive as events, nested ones after their parent's: let them settle.
    for (let known = -1; known !== workers.count;) {
      known = workers.count;
      await workers.sendToAll('Runtime.evaluate', { expression: '0' });
    }
    await workers.sendToAll('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
  } finally {
    await cdp.detach();
  }
}

class WorkerSessions {
  readonly #cdp: CDPSession;
  /** Each worker's path of session ids from the page down to it. */
  readonly #paths = new Map<string, string[]>();
  readonly #waiting = new Map<number, () => void>();
  #nextId = 1;

  constructor(cdp: CDPSession) {
    this.#cdp = cdp;
  }

  get count(): number {
    return this.#paths.size;
  }

  async attach(): Promise<void> {
    this.#cdp.on('Target.attachedToTarget', (event: AttachedEvent) =>
      this.#attached([event.sessionId]),
    );
    this.#cdp.on('Target.detachedFromTarget', (event: AttachedEvent) =>
      this.#paths.delete(event.sessionId),
    );
    this.#cdp.on('Target.receivedMessageFromTarget', (event: MessageEvent) =>
      this.#received([event.sessionId], JSON.parse(event.message) as ProtocolMessage),
    );
    await this.#cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    });
  }

  async sendToAll(method: string, params: object = {}): Promise<void> {
    await Promise.all([...this.#paths.values()].map((path) => this.#send(path, method, params)));
  }

  #attached(path: string[]): void {
    this.#paths.set(path.join('/'), path);
    void this.#send(path, 'Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    });
  }

  #received(path: string[], message: ProtocolMessage): void {
    if (message.method === 'Target.receivedMessageFromTarget' && message.params) {
      const inner = JSON.parse(message.params.message) as ProtocolMessage;
      this.#received([...path, message.params.sessionId], inner);
    } else if (message.method === 'Target.attachedToTarget' && message.params) {
      this.#attached([...path, message.params.sessionId]);
    } else if (message.method === 'Target.detachedFromTarget' && message.params) {
      this.#paths.delete([...path, message.params.sessionId].join('/'));
    } else if (message.id !== undefined) {
      this.#waiting.get(message.id)?.();
    }
  }

  /** Sends `method` to the worker at `path`; resolves on its answer or after the timeout. */
  async #send(path: string[], method: string, params: object = {}): Promise<void> {
    const id = this.#nextId++;
    let message: { id: number; method: string; params: object } = { id, method, params };
    for (let level = path.length - 1; level >= 1; level -= 1) {
      message = {
        id: this.#nextId++,
        method: 'Target.sendMessageToTarget',
        params: { sessionId: path[level]!, message: JSON.stringify(message) },
      };
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const answered = new Promise<void>((resolve) => {
      this.#waiting.set(id, resolve);
      timer = setTimeout(resolve, ANSWER_TIMEOUT_MS);
    });
    await this.#cdp
      .send('Target.sendMessageToTarget', { sessionId: path[0]!, message: JSON.stringify(message) })
      .catch(() => undefined); // The worker ended meanwhile: nothing of it to collect.
    await answered;
    clearTimeout(timer);
    this.#waiting.delete(id);
  }
}
