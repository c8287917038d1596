/**
 * The settings the library worker hands the web-llm worker it starts, as that worker's first
 * message: the web-llm worker reads no settings itself, and lives for one model (another model
 * setting starts another worker).
 */
import type { NetworkSettings } from './allowed-origins.ts';

export interface NetworkSettingsMessage {
  type: 'archivist-network-settings';
  settings: NetworkSettings;
}

export function networkSettingsMessage(settings: NetworkSettings): NetworkSettingsMessage {
  return { type: 'archivist-network-settings', settings };
}

export function isNetworkSettingsMessage(data: unknown): data is NetworkSettingsMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'archivist-network-settings'
  );
}
