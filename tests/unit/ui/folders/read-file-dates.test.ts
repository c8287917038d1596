import { describe, expect, it } from 'vitest';
import { readFileDates } from '../../../../src/ui/folders/chosen-folders.ts';

/** A picked file whose date takes `costMs` to read the first time, as Chromium's picked files do. */
function slowFile(index: number, costMs: number, reads: number[]): File {
  const file = new File(['text'], `note-${index}.md`);
  Object.defineProperty(file, 'lastModified', {
    get() {
      const end = performance.now() + costMs;
      while (performance.now() < end);
      reads.push(index);
      return 0;
    },
  });
  return file;
}

describe('readFileDates', () => {
  it('reads every date, handing the thread back between slices of a few milliseconds', async () => {
    const reads: number[] = [];
    const files = Array.from({ length: 40 }, (_, index) => ({
      relativePath: `notes/note-${index}.md`,
      file: slowFile(index, 1, reads),
    }));
    /** Reads done each time the thread was free to run a timer. */
    const readsWhenFree: number[] = [];
    let watching = true;
    const watch = () => {
      readsWhenFree.push(reads.length);
      if (watching) setTimeout(watch, 0);
    };
    setTimeout(watch, 0);
    await readFileDates(files);
    watching = false;
    expect(reads).toEqual(files.map((_, index) => index));
    const gaps = readsWhenFree.map((count, index) => count - (readsWhenFree[index - 1] ?? 0));
    expect(readsWhenFree.length).toBeGreaterThan(2);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(12);
  });

  it('says how many dates it has read: none at once, some every tenth of a second, then all', async () => {
    const reads: number[] = [];
    const files = Array.from({ length: 30 }, (_, index) => ({
      relativePath: `notes/note-${index}.md`,
      file: slowFile(index, 12, reads),
    }));
    const reported: { done: number; readBefore: number }[] = [];
    await readFileDates(files, (done) => reported.push({ done, readBefore: reads.length }));
    const counts = reported.map(({ done }) => done);
    expect(counts[0]).toBe(0);
    expect(counts.at(-1)).toBe(30);
    // 30 files of 12 ms take 360 ms: a report about every 100 ms between the first and the last.
    expect(counts.length).toBeGreaterThanOrEqual(4);
    expect(counts).toEqual([...counts].sort((left, right) => left - right));
    // Each report counts the dates read when it is made.
    for (const { done, readBefore } of reported) expect(done).toBe(readBefore);
  });

  it('stops when its signal is aborted, with the signal’s reason', async () => {
    const reads: number[] = [];
    const files = Array.from({ length: 200 }, (_, index) => ({
      relativePath: `notes/note-${index}.md`,
      file: slowFile(index, 1, reads),
    }));
    const reading = new AbortController();
    const reason = new DOMException('The sync was cancelled.', 'AbortError');
    const done = readFileDates(
      files,
      (read) => {
        if (read > 0) reading.abort(reason);
      },
      reading.signal,
    );
    await expect(done).rejects.toBe(reason);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.length).toBeLessThan(files.length);
  });
});
