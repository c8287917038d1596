/** tesseract.js in the library worker: every file from the app (`/tesseract/`), none from a CDN. */
import { TesseractEngine } from './tesseract-engine.ts';

/**
 * An engine for `languages`. English comes with the app; other languages come from
 * `languageHost`, a base URL holding `<code>.traineddata.gz` files, which the network settings
 * allow. tesseract.js loads every language of one engine from one place, so with another
 * language English comes from that host too. Language data is cached (in IndexedDB, by
 * tesseract.js) on first use.
 */
export function createBrowserTesseractEngine(
  languages: readonly string[],
  languageHost: string,
): TesseractEngine {
  const served = new URL(`${import.meta.env.BASE_URL}tesseract/`, self.location.href).href;
  const onlyEnglish = languages.every((language) => language === 'eng');
  return new TesseractEngine({
    languages,
    loadTesseract: () => import('tesseract.js').then((module) => module.default),
    paths: {
      workerPath: `${served}worker.min.js`,
      // A folder: tesseract.js picks the LSTM build this browser's WebAssembly runs fastest.
      corePath: served,
      langPath: onlyEnglish ? `${served}lang` : languageHost.replace(/\/$/, ''),
      // The worker script is the app's own file, not a blob (the page policy allows no blob: worker).
      workerBlobURL: false,
      gzip: true,
    },
  });
}
