import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { preview } from 'vite';

export interface RunningApp {
  /** E.g. `http://localhost:41234/`. */
  url: string;
  close(): Promise<void>;
}

const root = resolve(import.meta.dirname, '../../..');
/** The build to serve: `dist/`, or the folder `ARCHIVIST_DIST` names (`vite build --outDir`). */
const outDir = resolve(root, process.env.ARCHIVIST_DIST ?? 'dist');

/** Serves the built app with `vite preview` on a free port of localhost. */
export async function startPreview(): Promise<RunningApp> {
  if (!existsSync(resolve(outDir, 'index.html'))) {
    throw new Error(
      `${outDir} has no build: run \`vite build\` first (\`npm run test:e2e\` does).`,
    );
  }
  const port = await freePort();
  const server = await preview({
    root,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: 'localhost', port, strictPort: true, open: false },
  });
  return {
    url: `http://localhost:${port}/`,
    close: () => server.close(),
  };
}

/** A TCP port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, 'localhost', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}
