/**
 * The OCR setting: whether images and scanned pages are read by text recognition, in which
 * languages, and the host other languages than English are downloaded from (set in the Library
 * view, allowed by the network policy). The engine is made once per choice of languages and host.
 */
import { OCR_SETTING, type OcrEngine, type OcrEngineSource } from '../core/ports/ocr-engine.ts';
import type { SettingsStore } from './catalogue-embedders.ts';
import { InvalidOcrHostError, InvalidOcrLanguageError } from './library-errors.ts';

export interface OcrSetting {
  enabled: boolean;
  /** Tesseract language codes; English (`eng`) ships with the app. */
  languages: string[];
  /** Base URL of `<code>.traineddata.gz` files for the other languages. */
  languageHost: string;
}

/** tesseract.js's own former default host of its language data (flat `<code>.traineddata.gz`). */
export const DEFAULT_OCR_LANGUAGE_HOST = 'https://tessdata.projectnaptha.com/4.0.0';

export const DEFAULT_OCR_SETTING: OcrSetting = {
  enabled: true,
  languages: ['eng'],
  languageHost: DEFAULT_OCR_LANGUAGE_HOST,
};

export async function readOcrSetting(settings: SettingsStore): Promise<OcrSetting> {
  const stored = await settings.getSetting<Partial<OcrSetting>>(OCR_SETTING);
  return { ...DEFAULT_OCR_SETTING, ...stored };
}

/** A Tesseract language code: `eng`, `chi_sim`, `chi_tra_vert`. */
const LANGUAGE_CODE = /^[a-z]{3}(_[a-z]+)*$/;

/**
 * Stores the setting; the host must be an http(s) URL and each language a Tesseract code
 * (`InvalidOcrHostError`, `InvalidOcrLanguageError`), and at least one language is kept.
 */
export async function writeOcrSetting(settings: SettingsStore, setting: OcrSetting): Promise<void> {
  const languageHost = setting.languageHost.trim();
  const protocol = URL.canParse(languageHost) ? new URL(languageHost).protocol : '';
  if (protocol !== 'https:' && protocol !== 'http:') throw new InvalidOcrHostError(languageHost);
  const languages = [
    ...new Set(setting.languages.map((code) => code.trim().toLowerCase()).filter(Boolean)),
  ];
  const invalid = languages.find((code) => !LANGUAGE_CODE.test(code));
  if (invalid !== undefined) throw new InvalidOcrLanguageError(invalid);
  await settings.putSetting(OCR_SETTING, {
    enabled: setting.enabled,
    languages: languages.length > 0 ? languages : ['eng'],
    languageHost,
  });
}

/** Makes an engine for a choice of languages and host. */
export type OcrEngineFactory = (
  languages: readonly string[],
  languageHost: string,
) => OcrEngine & { close(): Promise<void> };

/**
 * The engine the parsers ask for per file: undefined while OCR is off; the same engine while the
 * languages and host stay; a new one (the old one ended) when they change.
 */
export function ocrEngineSource(
  settings: SettingsStore,
  create: OcrEngineFactory,
): OcrEngineSource {
  let current: { key: string; engine: ReturnType<OcrEngineFactory> } | undefined;
  return async () => {
    const setting = await readOcrSetting(settings);
    if (!setting.enabled) return undefined;
    const key = JSON.stringify([setting.languages, setting.languageHost]);
    if (current?.key !== key) {
      void current?.engine.close();
      current = { key, engine: create(setting.languages, setting.languageHost) };
    }
    return current.engine;
  };
}
