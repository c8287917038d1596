import { defineConfig } from 'vitest/config';

const shared = {
  alias: { 'voy-search': 'voy-search/voy_search.js' },
  server: { deps: { inline: ['voy-search'] } },
};

export default defineConfig({
  test: {
    // pdf.js runs its worker code in the test thread in Node and leaves some rejections of its own
    // unhandled on damaged PDFs (see loadNodePdfjs in scripts/node-parsers.ts): not test failures.
    onUnhandledError: (error) => !error.stack?.includes('pdfjs-dist/legacy/build/pdf.worker'),
    projects: [
      {
        resolve: { alias: shared.alias },
        test: {
          name: 'unit',
          include: [
            'tests/unit/**/*.test.ts',
            'tests/contracts/**/*.test.ts',
            'tests/property/**/*.property.test.ts',
          ],
          environment: 'node',
          server: shared.server,
        },
      },
      {
        resolve: { alias: shared.alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          server: shared.server,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
