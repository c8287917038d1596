import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../src/adapters/store/memory-store.ts';
import { allowedOrigins } from '../../../src/adapters/network/allowed-origins.ts';
import { readNetworkSettings } from '../../../src/app/network-settings.ts';
import {
  DEFAULT_OCR_LANGUAGE_HOST,
  ocrEngineSource,
  readOcrSetting,
  writeOcrSetting,
} from '../../../src/app/ocr-setting.ts';

function engines() {
  const made: { languages: readonly string[]; host: string; closed: boolean }[] = [];
  const create = (languages: readonly string[], host: string) => {
    const engine = { languages, host, closed: false };
    made.push(engine);
    return {
      languages,
      recognise: () => Promise.resolve({ paragraphs: [] }),
      close: async () => {
        engine.closed = true;
      },
    };
  };
  return { made, create };
}

describe('the OCR setting', () => {
  it('is on, in English, from the default host until changed', async () => {
    expect(await readOcrSetting(new MemoryStore())).toEqual({
      enabled: true,
      languages: ['eng'],
      languageHost: DEFAULT_OCR_LANGUAGE_HOST,
    });
  });

  it('refuses a host that is not a web address', async () => {
    const store = new MemoryStore();
    await expect(
      writeOcrSetting(store, { enabled: true, languages: ['deu'], languageHost: 'tessdata' }),
    ).rejects.toMatchObject({ name: 'InvalidOcrHostError' });
  });

  it('refuses a language that is not a Tesseract code, and keeps the stored setting', async () => {
    const store = new MemoryStore();
    const host = DEFAULT_OCR_LANGUAGE_HOST;
    await writeOcrSetting(store, { enabled: true, languages: ['deu'], languageHost: host });
    for (const code of ['german', 'de', '../eng', 'eng.traineddata']) {
      await expect(
        writeOcrSetting(store, { enabled: true, languages: ['eng', code], languageHost: host }),
      ).rejects.toMatchObject({ name: 'InvalidOcrLanguageError' });
    }
    expect((await readOcrSetting(store)).languages).toEqual(['deu']);
  });

  it('keeps codes in lower case, once each, without blanks', async () => {
    const store = new MemoryStore();
    await writeOcrSetting(store, {
      enabled: false,
      languages: [' ENG', 'chi_sim', '', 'eng', 'Chi_Sim '],
      languageHost: DEFAULT_OCR_LANGUAGE_HOST,
    });
    expect(await readOcrSetting(store)).toMatchObject({
      enabled: false,
      languages: ['eng', 'chi_sim'],
    });
  });

  it('gives no engine while off, one engine while the languages stay, a new one when they change', async () => {
    const store = new MemoryStore();
    const { made, create } = engines();
    const source = ocrEngineSource(store, create);
    const first = await source();
    expect(await source()).toBe(first);
    await writeOcrSetting(store, {
      enabled: true,
      languages: ['eng', 'deu'],
      languageHost: 'https://ocr.example.org/data/',
    });
    const second = await source();
    expect(second).not.toBe(first);
    expect(made.map((engine) => [engine.languages, engine.host, engine.closed])).toEqual([
      [['eng'], DEFAULT_OCR_LANGUAGE_HOST, true],
      [['eng', 'deu'], 'https://ocr.example.org/data/', false],
    ]);
    await writeOcrSetting(store, { ...(await readOcrSetting(store)), enabled: false });
    expect(await source()).toBeUndefined();
  });

  it('lets the network policy reach the language host only while OCR is on', async () => {
    const store = new MemoryStore();
    const host = { languages: ['fra'], languageHost: 'https://ocr.example.org/data' };
    await writeOcrSetting(store, { enabled: true, ...host });
    const app = 'https://archivist.example';
    expect(allowedOrigins(await readNetworkSettings(store), app)).toContain(
      'https://ocr.example.org',
    );
    await writeOcrSetting(store, { enabled: false, ...host });
    expect(allowedOrigins(await readNetworkSettings(store), app)).not.toContain(
      'https://ocr.example.org',
    );
  });
});
