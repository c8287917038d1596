/**
 * What the library worker tells its page outside comlink's replies (every comlink message carries
 * an `id`; these carry `archivist` instead, so comlink passes them by).
 */
export type WorkerSignal =
  /** The worker holds the Web Lock `lock` while it lives: the page can take it once it has ended. */
  | { archivist: 'alive'; lock: string }
  /** Something the user should know that no call returned, as a named error. */
  | { archivist: 'notice'; name: string; message: string };

/** The signal that tells the page about `error` (its `name` and `message`). */
export function noticeOf(error: Error): WorkerSignal {
  return { archivist: 'notice', name: error.name, message: error.message };
}

/**
 * Takes a lock this worker keeps until it ends (closed, terminated or crashed: the browser then
 * releases it), and once it holds it tells the page its name. Without Web Locks it says nothing.
 */
export function announceLife(
  locks: Pick<LockManager, 'request'> | undefined,
  post: (signal: WorkerSignal) => void,
): void {
  if (!locks) return;
  const lock = `archivist-worker:${crypto.randomUUID()}`;
  void locks.request(lock, () => {
    post({ archivist: 'alive', lock });
    return new Promise<never>(() => undefined);
  });
}
