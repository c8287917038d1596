import type { TestProject } from 'vitest/node';
import { startPreview } from './preview-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the built app is served for this run. */
    baseUrl: string;
  }
}

/** Serves `dist/` for the whole e2e run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const app = await startPreview();
  project.provide('baseUrl', app.url);
  return () => app.close();
}
