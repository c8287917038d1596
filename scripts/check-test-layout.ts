/**
 * `npm run check`: every folder of `tests/unit/` mirrors a source folder. `src/core/<path>` and
 * `src/adapters/<path>` are tested in `tests/unit/<path>`, the rest of `src/<path>` in
 * `tests/unit/<path>` too, and `scripts/<path>` in `tests/unit/scripts/<path>`; so a test of
 * `src/core/retrieval/bm25.ts` is `tests/unit/retrieval/bm25.test.ts`. Prints the folders that
 * mirror nothing and exits non-zero.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const unitTests = join(root, 'tests', 'unit');

/** The folders under `directory` that hold files, relative to `tests/unit` ('' for itself). */
function testFolders(directory: string): string[] {
  const entries = readdirSync(directory).map((name) => join(directory, name));
  const here = entries.some((path) => statSync(path).isFile())
    ? [relative(unitTests, directory)]
    : [];
  return [...here, ...entries.filter((path) => statSync(path).isDirectory()).flatMap(testFolders)];
}

/** The source folders a test folder (relative to `tests/unit`) may mirror. */
function mirroredFolders(testFolder: string): string[] {
  if (testFolder === 'scripts' || testFolder.startsWith('scripts/')) return [testFolder];
  if (/^(core|adapters)(\/|$)/.test(testFolder)) return []; // their layer folder is left out
  return ['src/core', 'src/adapters', 'src'].map((layer) => `${layer}/${testFolder}`);
}

const strays = testFolders(unitTests).filter(
  (folder) => !mirroredFolders(folder).some((source) => existsSync(join(root, source))),
);

if (strays.length > 0) {
  console.error(
    `These folders of tests/unit mirror no source folder; move their tests beside the source ` +
      `they test (see "Tests" in docs/ARCHITECTURE.md):\n${strays.map((folder) => `  tests/unit/${folder}`).join('\n')}`,
  );
  process.exit(1);
}
