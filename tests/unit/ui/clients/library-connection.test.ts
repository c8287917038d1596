import { expose } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceLife, noticeOf } from '../../../../src/app/worker-signals.ts';
import { DatabaseClosedError } from '../../../../src/adapters/store/database-closed-error.ts';
import {
  LibraryConnection,
  RESTART_LIMIT,
  type Notice,
  type WorkerEndpoint,
} from '../../../../src/ui/clients/library-connection.ts';
import { FakeLocks } from '../../app/fake-locks.ts';

/** What each fake worker serves: its number, a call that never ends, and a nested object. */
function fakeApi(worker: number) {
  return {
    whoAreYou: async () => worker,
    neverAnswers: () => new Promise<never>(() => undefined),
    conversations: { list: async () => [`worker ${worker}`] },
  };
}

/**
 * Library workers over MessageChannels in this thread: each serves `fakeApi` with comlink and
 * holds its life lock like the real one. `crash(n)` ends worker n the way the browser would:
 * its locks are released and its port goes quiet.
 */
function fakeWorkers(locks: FakeLocks) {
  const ports: MessagePort[] = [];
  const terminated: number[] = [];
  const start = (): WorkerEndpoint => {
    const worker = ports.length / 2 + 1;
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    expose(fakeApi(worker), port2);
    announceLife(locks.as(`worker ${worker}`), (signal) => port2.postMessage(signal));
    return Object.assign(port1, { terminate: () => terminated.push(worker) });
  };
  return {
    start,
    terminated,
    /** The worker's side of worker n's channel, to post signals as the worker. */
    side: (worker: number): MessagePort => ports[worker * 2 - 1]!,
    crash: (worker: number) => {
      ports[worker * 2 - 1]!.close();
      locks.releaseAll(`worker ${worker}`);
    },
    close: () => ports.forEach((port) => port.close()),
  };
}

type Client = {
  whoAreYou(): Promise<number>;
  neverAnswers(): Promise<never>;
  conversations: { list(): Promise<string[]> };
};

function connect(clock = { now: 0 }) {
  const locks = new FakeLocks();
  const workers = fakeWorkers(locks);
  const notices: Notice[] = [];
  const connection = new LibraryConnection({
    startWorker: workers.start,
    locks: locks.as('page'),
    onNotice: (notice) => notices.push(notice),
    now: () => clock.now,
  });
  const client = connection.client as unknown as Client;
  return { client, workers, notices, clock, locks };
}

let opened: ReturnType<typeof connect>[] = [];

function opening(clock?: { now: number }): ReturnType<typeof connect> {
  const connected = connect(clock);
  opened.push(connected);
  return connected;
}

afterEach(() => {
  for (const { workers } of opened) workers.close();
  opened = [];
});

/** Resolves once the connection has heard that worker n is alive: the page waits for its lock. */
async function alive({ client, locks }: ReturnType<typeof connect>, worker: number): Promise<void> {
  expect(await client.whoAreYou()).toBe(worker);
  await vi.waitFor(
    async () => {
      const { held = [], pending = [] } = await locks.as('test').query();
      const life = held.find(({ clientId }) => clientId === `worker ${worker}`);
      expect(life).toBeDefined();
      expect(pending).toContainEqual(
        expect.objectContaining({ name: life?.name, clientId: 'page' }),
      );
    },
    { interval: 1 },
  );
}

describe('LibraryConnection', () => {
  it('forwards calls, nested ones too, to the worker', async () => {
    const { client } = opening();
    expect(await client.whoAreYou()).toBe(1);
    expect(await client.conversations.list()).toEqual(['worker 1']);
  });

  it('rejects the calls waiting for a worker that stopped, restarts it and says so', async () => {
    const connected = opening();
    const { client, workers, notices } = connected;
    await alive(connected, 1);
    const waiting = client.neverAnswers();
    workers.crash(1);
    await expect(waiting).rejects.toMatchObject({
      name: 'WorkerCrashedError',
      message: expect.stringContaining('The background worker stopped; Archivist restarted it.'),
    });
    expect(notices).toEqual([expect.objectContaining({ name: 'WorkerCrashedError' })]);
    expect(workers.terminated).toEqual([1]);
    expect(await client.whoAreYou()).toBe(2);
    expect(await client.conversations.list()).toEqual(['worker 2']);
  });

  it(`gives up after ${RESTART_LIMIT.stops} stops within a minute: calls then fail at once`, async () => {
    const clock = { now: 0 };
    const connected = opening(clock);
    const { client, workers, notices } = connected;
    for (let worker = 1; worker < RESTART_LIMIT.stops; worker += 1) {
      await alive(connected, worker);
      workers.crash(worker);
      await vi.waitFor(() => expect(notices).toHaveLength(worker));
      clock.now += 1000;
    }
    await alive(connected, RESTART_LIMIT.stops);
    workers.crash(RESTART_LIMIT.stops);
    await vi.waitFor(() => expect(notices).toHaveLength(RESTART_LIMIT.stops));
    expect(notices.at(-1)?.message).toContain('did not restart it');
    await expect(client.whoAreYou()).rejects.toMatchObject({ name: 'WorkerCrashedError' });
  });

  it('restarts again when the earlier stops are more than a minute old', async () => {
    const clock = { now: 0 };
    const connected = opening(clock);
    const { client, workers, notices } = connected;
    for (let worker = 1; worker <= RESTART_LIMIT.stops; worker += 1) {
      await alive(connected, worker);
      workers.crash(worker);
      await vi.waitFor(() => expect(notices).toHaveLength(worker));
      clock.now += RESTART_LIMIT.withinMs;
    }
    expect(notices.every((notice) => notice.message.includes('restarted it'))).toBe(true);
    expect(await client.whoAreYou()).toBe(RESTART_LIMIT.stops + 1);
  });

  it('passes on what the worker tells the user', async () => {
    const connected = opening();
    const { client, workers, notices } = connected;
    await alive(connected, 1);
    workers.side(1).postMessage(noticeOf(new DatabaseClosedError('versionchange')));
    await vi.waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]).toMatchObject({
      name: 'DatabaseClosedError',
      message: expect.stringContaining('Archivist was updated in another tab'),
    });
    expect(await client.whoAreYou()).toBe(1);
  });
});
