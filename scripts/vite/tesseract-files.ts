import { copyFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Logger, Plugin } from 'vite';

/**
 * The files tesseract.js loads at run time, served under `/tesseract/` (see
 * `createBrowserTesseractEngine`): its worker script, the LSTM-only builds of its core (it picks
 * one by what the browser's WebAssembly supports: relaxed SIMD, SIMD, neither) and the English
 * data (the integer "best" LSTM model). Not precached: they are cached on first use
 * (docs/decisions/0014-ocr-on-the-device.md).
 */
export function tesseractFiles(): Plugin {
  const require = createRequire(import.meta.url);
  const packageFolder = (name: string) => dirname(require.resolve(`${name}/package.json`));
  const core = packageFolder('tesseract.js-core');
  const files: Record<string, string> = {
    'worker.min.js': join(packageFolder('tesseract.js'), 'dist', 'worker.min.js'),
    'lang/eng.traineddata.gz': join(
      packageFolder('@tesseract.js-data/eng'),
      '4.0.0_best_int',
      'eng.traineddata.gz',
    ),
  };
  for (const variant of ['relaxedsimd-lstm', 'simd-lstm', 'lstm']) {
    files[`tesseract-core-${variant}.wasm.js`] = join(core, `tesseract-core-${variant}.wasm.js`);
  }
  let logger: Logger | undefined;
  return {
    name: 'archivist-tesseract-files',
    configResolved(config) {
      logger = config.logger;
    },
    configureServer(server) {
      server.middlewares.use('/tesseract/', (request, response) => {
        const source = files[(request.url ?? '').split('?')[0]!.replace(/^\//, '')];
        if (!source) {
          response.statusCode = 404;
          response.end();
          return;
        }
        response.setHeader(
          'Content-Type',
          source.endsWith('.js') ? 'text/javascript' : 'application/octet-stream',
        );
        response.end(readFileSync(source));
      });
    },
    writeBundle(options) {
      if (!options.dir) return;
      let bytes = 0;
      for (const [name, source] of Object.entries(files)) {
        const target = join(options.dir, 'tesseract', name);
        mkdirSync(dirname(target), { recursive: true });
        copyFileSync(source, target);
        bytes += statSync(source).size;
      }
      logger?.info(
        `tesseract/ OCR worker, cores and English data: ${(bytes / 1024 / 1024).toFixed(1)} MB`,
      );
    },
  };
}
