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

/** Serves the built app (`dist/`) with `vite preview` on a free port of localhost. */
export async function startPreview(): Promise<RunningApp> {
  if (!existsSync(resolve(root, 'dist/index.html'))) {
    throw new Error('dist/ is missing: run `vite build` first (`npm run test:e2e` does).');
  }
  const port = await freePort();
  const server = await preview({
    root,
    logLevel: 'warn',
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
