import { describe, expect, it } from 'vitest';
import { runPeersBench } from '../../scripts/bench/peers.ts';
import { ENGINE_NAMES } from '../../scripts/bench/peer-engines.ts';

/** The dev eval's documents (`shared/eval/dev`), which the bench's folder is made from. */
const DEV_DOCS = new URL('../../../shared/eval/dev/docs', import.meta.url).pathname;

describe('bench peers', () => {
  it('builds, searches and reloads every engine on the same chunks, and measures their recall', async () => {
    const result = await runPeersBench(['--chunks', '300', '--queries', '12', '--docs', DEV_DOCS]);
    const engines = result.engines as Record<string, Record<string, number>>;
    expect(Object.keys(engines).sort()).toEqual([...ENGINE_NAMES].sort());
    for (const figures of Object.values(engines)) {
      for (const name of ['buildMs', 'searchP50Ms', 'searchP95Ms', 'reloadToFirstAnswerMs']) {
        expect(figures[name]).toBeGreaterThanOrEqual(0);
      }
      expect(figures.serializedMb).toBeGreaterThan(0);
    }
    const recall = result.recallAt10 as Record<string, Record<string, number>>;
    expect(Object.keys(recall).length).toBeGreaterThan(0);
    for (const byEngine of Object.values(recall)) {
      for (const name of ENGINE_NAMES)
        expect(byEngine.archivist).toBeGreaterThanOrEqual(byEngine[name]!);
    }
  });
});
