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
});
