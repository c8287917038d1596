import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import type { Logger, Plugin } from 'vite';

/** pdfjs-dist's data folders, served under `/pdfjs/` (see `browserPdfResources`). */
const FOLDERS = ['cmaps', 'standard_fonts'];
/** The character maps, the fonts and their licences (which go with the fonts). */
const SERVED_FILE = /\.(bcmap|pfb|ttf)$|^LICENSE/;

/**
 * Serves pdf.js's character maps and standard font data at `/pdfjs/cmaps/` and
 * `/pdfjs/standard_fonts/` in development and writes them into the build: pdf.js needs the maps
 * to read the text of Chinese, Japanese and Korean PDFs that name a predefined map instead of
 * embedding one, and the font data to draw PDFs that use standard fonts without embedding them.
 *
 * The build copies them beside the bundle once it is written (before vite-plugin-pwa lists the
 * output to precache) rather than emitting them as assets: Vite's report would list each of the
 * 185 files; this sums them up in one line.
 */
export function pdfjsData(): Plugin {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const files = FOLDERS.flatMap((folder) =>
    readdirSync(join(root, folder))
      .filter((name) => SERVED_FILE.test(name))
      .map((name) => `${folder}/${name}`),
  );
  let logger: Logger | undefined;
  let projectRoot = process.cwd();
  return {
    name: 'archivist-pdfjs-data',
    configResolved(config) {
      logger = config.logger;
      projectRoot = config.root;
    },
    configureServer(server) {
      server.middlewares.use('/pdfjs/', (request, response) => {
        const name = decodeURIComponent((request.url ?? '').split('?')[0]!.replace(/^\//, ''));
        if (!files.includes(name)) {
          response.statusCode = 404;
          response.end();
          return;
        }
        response.setHeader('Content-Type', 'application/octet-stream');
        response.end(readFileSync(join(root, name)));
      });
    },
    writeBundle(options) {
      if (!options.dir) return;
      const target = join(options.dir, 'pdfjs');
      let bytes = 0;
      for (const name of files) {
        mkdirSync(dirname(join(target, name)), { recursive: true });
        copyFileSync(join(root, name), join(target, name));
        bytes += statSync(join(root, name)).size;
      }
      const megabytes = (bytes / 1024 / 1024).toFixed(1);
      logger?.info(
        `${relative(projectRoot, target)}/ pdf.js character maps and standard fonts: ${files.length} files, ${megabytes} MB`,
      );
    },
  };
}
