import { MODEL_HOST_SETTING, type SettingsStore } from './catalogue-embedders.ts';
import { InvalidModelHostError } from './library-errors.ts';

/** The base URL of the self-hosted model mirror; undefined for the Hugging Face hub. */
export async function readModelHost(settings: SettingsStore): Promise<string | undefined> {
  return (await settings.getSetting<string>(MODEL_HOST_SETTING)) || undefined;
}

/** Stores the mirror's base URL (an http or https URL), or empty for the Hugging Face hub. */
export async function writeModelHost(settings: SettingsStore, host: string): Promise<void> {
  const trimmed = host.trim();
  if (trimmed.length > 0) {
    const protocol = URL.canParse(trimmed) ? new URL(trimmed).protocol : '';
    if (protocol !== 'https:' && protocol !== 'http:') throw new InvalidModelHostError(trimmed);
  }
  await settings.putSetting(MODEL_HOST_SETTING, trimmed);
}
