/** tesseract.js in Node (tests, scripts): the packages' own files, English data from npm. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { TesseractEngine } from './tesseract-engine.ts';

/** `@tesseract.js-data/eng`'s LSTM-only data (integer "best" model), the one the app ships. */
export function nodeEnglishDataFolder(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/** An English engine reading from node_modules, caching nothing (no file is written). */
export function createNodeTesseractEngine(idleMilliseconds?: number): TesseractEngine {
  return new TesseractEngine({
    languages: ['eng'],
    loadTesseract: () => import('tesseract.js').then((module) => module.default),
    paths: { langPath: nodeEnglishDataFolder(), cacheMethod: 'none', gzip: true },
    ...(idleMilliseconds === undefined ? {} : { idleMilliseconds }),
  });
}
