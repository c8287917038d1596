/** The stored settings that name hosts, as the network policy reads them. */
import type { NetworkSettings } from '../adapters/network/allowed-origins.ts';
import { readAnswerEngine } from './answer-engine-setting.ts';
import type { SettingsStore } from './catalogue-embedders.ts';
import { readModelHost } from './model-host.ts';
import { readOcrSetting } from './ocr-setting.ts';

export async function readNetworkSettings(settings: SettingsStore): Promise<NetworkSettings> {
  const [answerEngine, modelHost, ocr] = await Promise.all([
    readAnswerEngine(settings),
    readModelHost(settings),
    readOcrSetting(settings),
  ]);
  return { answerEngine, modelHost, ocrLanguageHost: ocr.enabled ? ocr.languageHost : undefined };
}
