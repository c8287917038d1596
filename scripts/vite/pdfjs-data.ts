import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** pdfjs-dist's data folders, served under `/pdfjs/` (see `browserPdfResources`). */
const FOLDERS = ['cmaps', 'standard_fonts'];
/** The character maps, the fonts and their licences (which go with the fonts). */
const SERVED_FILE = /\.(bcmap|pfb|ttf)$|^LICENSE/;

/**
 * Serves pdf.js's character maps and standard font data at `/pdfjs/cmaps/` and
 * `/pdfjs/standard_fonts/` in development and writes them into the build: pdf.js needs the maps
 * to read the text of Chinese, Japanese and Korean PDFs that name a predefined map instead of
 * embedding one, and the font data to draw PDFs that use standard fonts without embedding them.
 */
export function pdfjsData(): Plugin {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const files = FOLDERS.flatMap((folder) =>
    readdirSync(join(root, folder))
      .filter((name) => SERVED_FILE.test(name))
      .map((name) => `${folder}/${name}`),
  );
  return {
    name: 'archivist-pdfjs-data',
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
    generateBundle() {
      for (const name of files) {
        this.emitFile({
          type: 'asset',
          fileName: `pdfjs/${name}`,
          source: readFileSync(join(root, name)),
        });
      }
    },
  };
}
