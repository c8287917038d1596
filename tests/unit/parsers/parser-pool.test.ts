import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ParserPool,
  type ParseReply,
  type ParseWorker,
} from '../../../src/adapters/parsers/parser-pool.ts';
import type { ParseInput } from '../../../src/core/ports/parser.ts';

/** A parse the test finishes, fails or lets hang. */
interface Call {
  path: string;
  bytes: Uint8Array;
  finish: () => void;
  fail: (error: Error) => void;
}

/** Workers whose parses wait for the test; each can be made to end as a crash does. */
class FakeWorkers {
  started = 0;
  terminated = 0;
  calls: Call[] = [];
  crashes: (() => void)[] = [];

  start = (): ParseWorker => {
    this.started += 1;
    let crash: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => (crash = resolve));
    this.crashes.push(crash);
    return {
      parse: (path, bytes) =>
        new Promise<ParseReply>((resolve, reject) => {
          // Moved to the worker: a copy comes back, as a transferred buffer would.
          const moved = bytes.slice();
          this.calls.push({
            path,
            bytes: moved,
            finish: () => resolve({ document: { text: path, blocks: [] }, bytes: moved }),
            fail: reject,
          });
        }),
      ended,
      terminate: () => (this.terminated += 1),
    };
  };
}

function pool(workers: FakeWorkers, size = 2, idleMilliseconds?: number): ParserPool {
  return new ParserPool({
    ...(idleMilliseconds === undefined ? {} : { idleMilliseconds }),
    check: (path) => {
      if (path.endsWith('.bin')) throw new Error('not a document');
    },
    start: workers.start,
    size: async () => size,
  });
}

function input(path: string, signal?: AbortSignal): ParseInput {
  return { path, bytes: new Uint8Array([1, 2, 3]), ...(signal ? { signal } : {}) };
}

/** Resolves once `condition` holds, checking after each turn of the event loop. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('ParserPool', () => {
  it('parses on as many workers as its size, the other files waiting their turn', async () => {
    const workers = new FakeWorkers();
    const parsers = pool(workers, 2);
    const parses = ['a', 'b', 'c'].map((path) => parsers.parse(input(path)));
    await until(() => workers.calls.length === 2);
    expect(workers.calls.map((call) => call.path)).toEqual(['a', 'b']);
    workers.calls[1]!.finish();
    await until(() => workers.calls.length === 3);
    expect(workers.calls[2]?.path).toBe('c');
    expect(workers.started).toBe(2);
    workers.calls[0]!.finish();
    workers.calls[2]!.finish();
    expect((await Promise.all(parses)).map((document) => document.text)).toEqual(['a', 'b', 'c']);
  });

  it('puts the bytes handed back into the input, and passes the check through', async () => {
    const workers = new FakeWorkers();
    const parsers = pool(workers);
    const request = input('a.pdf');
    const parse = parsers.parse(request);
    await until(() => workers.calls.length === 1);
    workers.calls[0]!.finish();
    await parse;
    expect(request.bytes).toBe(workers.calls[0]!.bytes);
    expect(() => parsers.check('x.bin', 3)).toThrow('not a document');
  });

  it("rejects with the parser's error and goes on with the same worker", async () => {
    const workers = new FakeWorkers();
    const parsers = pool(workers, 1);
    const failing = parsers.parse(input('bad.pdf'));
    const next = parsers.parse(input('good.pdf'));
    await until(() => workers.calls.length === 1);
    workers.calls[0]!.fail(Object.assign(new Error('damaged'), { name: 'CorruptFileError' }));
    await expect(failing).rejects.toMatchObject({ name: 'CorruptFileError' });
    await until(() => workers.calls.length === 2);
    workers.calls[1]!.finish();
    expect((await next).text).toBe('good.pdf');
    expect(workers.started).toBe(1);
  });

  it('fails the file of a worker that ends, and parses the next on a new worker', async () => {
    const workers = new FakeWorkers();
    const parsers = pool(workers, 1);
    const lost = parsers.parse(input('huge.pdf'));
    const next = parsers.parse(input('small.pdf'));
    await until(() => workers.calls.length === 1);
    workers.crashes[0]!();
    await expect(lost).rejects.toMatchObject({ name: 'ParseWorkerStoppedError' });
    await expect(lost).rejects.toThrow('huge.pdf');
    await until(() => workers.calls.length === 2);
    expect(workers.started).toBe(2);
    workers.calls[1]!.finish();
    expect((await next).text).toBe('small.pdf');
  });

  it('drops an aborted file that waits, and ends the worker of one under way', async () => {
    const workers = new FakeWorkers();
    const parsers = pool(workers, 1);
    const running = new AbortController();
    const waiting = new AbortController();
    const first = parsers.parse(input('a', running.signal));
    const second = parsers.parse(input('b', waiting.signal));
    const third = parsers.parse(input('c'));
    await until(() => workers.calls.length === 1);
    waiting.abort(new Error('stop b'));
    await expect(second).rejects.toThrow('stop b');
    running.abort(new Error('stop a'));
    await expect(first).rejects.toThrow('stop a');
    expect(workers.terminated).toBe(1);
    await until(() => workers.calls.length === 2);
    expect(workers.calls.map((call) => call.path)).toEqual(['a', 'c']);
    expect(workers.started).toBe(2);
    workers.calls[1]!.finish();
    expect((await third).text).toBe('c');
    await expect(parsers.parse(input('d', AbortSignal.abort()))).rejects.toThrow();
  });

  it('ends its workers on close, failing what is under way', async () => {
    const workers = new FakeWorkers();
    const parsers = pool(workers, 2);
    const parse = parsers.parse(input('a'));
    await until(() => workers.calls.length === 1);
    parsers.close();
    await expect(parse).rejects.toMatchObject({ name: 'AbortError' });
    expect(workers.terminated).toBe(1);
    expect(parsers.workerCount).toBe(0);
  });

  describe('idle workers', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('ends a worker left without a file for the idle time, and starts one for the next', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const workers = new FakeWorkers();
      const parsers = pool(workers, 1, 1000);
      const first = parsers.parse(input('a'));
      await until(() => workers.calls.length === 1);
      workers.calls[0]!.finish();
      await first;
      vi.advanceTimersByTime(999);
      expect(workers.terminated).toBe(0);
      // A file within the idle time goes to the same worker and restarts the count.
      const second = parsers.parse(input('b'));
      await until(() => workers.calls.length === 2);
      vi.advanceTimersByTime(1000);
      expect(workers.terminated).toBe(0);
      workers.calls[1]!.finish();
      await second;
      expect(workers.started).toBe(1);
      vi.advanceTimersByTime(1000);
      expect(workers.terminated).toBe(1);
      expect(parsers.workerCount).toBe(0);

      const third = parsers.parse(input('c'));
      await until(() => workers.calls.length === 3);
      expect(workers.started).toBe(2);
      workers.calls[2]!.finish();
      expect((await third).text).toBe('c');
    });

    it('ends idle workers after a minute unless told otherwise', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const workers = new FakeWorkers();
      const parsers = pool(workers, 1);
      const parse = parsers.parse(input('a'));
      await until(() => workers.calls.length === 1);
      workers.calls[0]!.finish();
      await parse;
      vi.advanceTimersByTime(59_999);
      expect(parsers.workerCount).toBe(1);
      vi.advanceTimersByTime(1);
      expect(parsers.workerCount).toBe(0);
      expect(workers.terminated).toBe(1);
    });
  });
});
