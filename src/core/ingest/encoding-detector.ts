/**
 * The legacy-encoding detector, loaded on demand: jschardet's language models are about 700 kB
 * gzipped, so they load with the first file a parser reads (`ParserRegistry.parse` awaits
 * {@link loadEncodingDetector}), not with the worker that only searches.
 */
let detect: ((bytes: Uint8Array) => string | undefined) | undefined;
let loading: Promise<void> | undefined;

/** Loads the detector once; later calls return the same promise. */
export function loadEncodingDetector(): Promise<void> {
  loading ??= import('./encoding-detection.ts').then((module) => {
    detect = module.detectEncoding;
  });
  return loading;
}

/**
 * The legacy encoding most likely for bytes that are not UTF-8 (see `detectEncoding`). Throws when
 * {@link loadEncodingDetector} has not finished: a programming error, never a file's fault.
 */
export function detectLegacyEncoding(bytes: Uint8Array): string | undefined {
  if (!detect) throw new Error('The encoding detector is used before loadEncodingDetector().');
  return detect(bytes);
}
