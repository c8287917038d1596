/** The stored settings that name hosts, as the network policy reads them. */
import type { NetworkSettings } from '../adapters/network/allowed-origins.ts';
import { readAnswerEngine } from './answer-engine-setting.ts';
import type { SettingsStore } from './catalogue-embedders.ts';
import { readModelHost } from './model-host.ts';

export async function readNetworkSettings(settings: SettingsStore): Promise<NetworkSettings> {
  const [answerEngine, modelHost] = await Promise.all([
    readAnswerEngine(settings),
    readModelHost(settings),
  ]);
  return { answerEngine, modelHost };
}
