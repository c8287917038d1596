import { describe, expect, it } from 'vitest';
import { parseWorkerCount } from '../../../src/app/parse-workers.ts';

describe('parseWorkerCount', () => {
  it("is the device's cores less one, at least 1 and at most 4", () => {
    expect([1, 2, 3, 4, 8, 16].map((cores) => parseWorkerCount(cores, undefined))).toEqual([
      1, 1, 2, 3, 4, 4,
    ]);
  });

  it('is the setting when it names a whole number of workers, up to 8', () => {
    expect(parseWorkerCount(2, 3)).toBe(3);
    expect(parseWorkerCount(16, 12)).toBe(8);
    expect(parseWorkerCount(8, 0)).toBe(4);
    expect(parseWorkerCount(8, 'two')).toBe(4);
    expect(parseWorkerCount(8, 1.5)).toBe(4);
  });
});
