/**
 * The page's main-thread tasks as Chromium's tracing records them, with the CPU time each used
 * beside its wall time. A long task's wall time (what `longtask` entries report) also counts the
 * time its thread waited for a core: on a machine whose cores the workers keep busy (indexing on
 * two cores) a task that ran for 7 ms of CPU can take 100 ms of wall time. The CPU time is what
 * the app's own code on the main thread costs, whatever else the machine runs.
 *
 * `traceMainThread` starts a trace over the Chrome DevTools Protocol (`Tracing`, the `toplevel`
 * and timeline categories) and `stop` ends it and reads every task of a renderer's main thread
 * (`CrRendererMain`) that took 50 ms or more of wall time, with the events inside it that took
 * longest (script calls, event dispatches, layout, paint), to say what it was busy with.
 */
import type { CDPSession, Page } from 'playwright-core';

/** One main-thread task of 50 ms or more wall time. */
export interface TracedTask {
  wallMs: number;
  /** The thread's CPU time in the task (the trace's thread duration). */
  cpuMs: number;
  /** The longest events inside it, `name wall/CPU ms (detail)`, longest first. */
  inside: string[];
}

export interface MainThreadTrace {
  /** Ends the trace; resolves the long main-thread tasks it recorded, in order. */
  stop(): Promise<TracedTask[]>;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'];
/** The shortest task kept, as `longtask` entries do. */
const LONG_TASK_MICROSECONDS = 50_000;
/** Events inside a task named when it is reported. */
const INSIDE_SHOWN = 6;

export async function traceMainThread(page: Page): Promise<MainThreadTrace> {
  const session = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  // One push per event: a chunk can hold more events than a call takes arguments.
  session.on('Tracing.dataCollected', ({ value }) => {
    for (const event of value as unknown as TraceEvent[]) events.push(event);
  });
  await session.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
  });
  return {
    stop: async () => {
      await endTrace(session);
      await session.detach();
      return longMainThreadTasks(events);
    },
  };
}

async function endTrace(session: CDPSession): Promise<void> {
  const complete = new Promise<void>((resolve) =>
    session.once('Tracing.tracingComplete', () => resolve()),
  );
  await session.send('Tracing.end');
  await complete;
}

function longMainThreadTasks(events: readonly TraceEvent[]): TracedTask[] {
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const onMain = (event: TraceEvent) => mainThreads.has(`${event.pid}:${event.tid}`);
  const complete = events.filter((event) => event.ph === 'X' && onMain(event));
  return complete
    .filter((event) => event.name === 'RunTask' && (event.dur ?? 0) >= LONG_TASK_MICROSECONDS)
    .sort((left, right) => left.ts - right.ts)
    .map((task) => ({
      wallMs: milliseconds(task.dur),
      cpuMs: milliseconds(task.tdur),
      inside: eventsInside(task, complete),
    }));
}

function eventsInside(task: TraceEvent, events: readonly TraceEvent[]): string[] {
  const end = task.ts + (task.dur ?? 0);
  return events
    .filter(
      (event) =>
        event !== task &&
        event.pid === task.pid &&
        event.tid === task.tid &&
        event.ts >= task.ts &&
        event.ts < end &&
        !event.name.endsWith('RunTask'),
    )
    .sort((left, right) => (right.dur ?? 0) - (left.dur ?? 0))
    .slice(0, INSIDE_SHOWN)
    .map((event) => {
      const detail = detailOf(event);
      return `${event.name} ${milliseconds(event.dur)}/${milliseconds(event.tdur)} ms${detail ? ` (${detail})` : ''}`;
    });
}

/** What a script call or an event dispatch ran: the function and its file, or the event type. */
function detailOf(event: TraceEvent): string {
  const data = event.args?.data ?? {};
  const parts = [data.type, data.functionName, data.url].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return parts.map((part) => part.split('/').pop() ?? part).join(' ');
}

function milliseconds(microseconds: number | undefined): number {
  return Math.round((microseconds ?? 0) / 1000);
}

/** The tasks that used more than `limitMs` of CPU, described for an assertion's message. */
export function overCpuLimit(tasks: readonly TracedTask[], limitMs: number): string[] {
  return tasks
    .filter((task) => task.cpuMs > limitMs)
    .map((task) => `${task.cpuMs} ms CPU (${task.wallMs} ms wall): ${task.inside.join('; ')}`);
}

/** `count long tasks, longest W ms wall, T ms in all; most CPU in one C ms`, for a test's log. */
export function taskFigures(tasks: readonly TracedTask[]): string {
  const walls = tasks.map((task) => task.wallMs);
  const total = walls.reduce((sum, wall) => sum + wall, 0);
  const cpu = Math.max(0, ...tasks.map((task) => task.cpuMs));
  return `${tasks.length} long tasks, longest ${Math.max(0, ...walls)} ms wall, ${total} ms in all; most CPU in one ${cpu} ms`;
}
