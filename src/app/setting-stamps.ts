/**
 * The stamps of the settings that decide whether some files are read (`SettingStamps`): a file
 * one of them passed over is read again at the next sync once its stamp has changed.
 */
import type { SettingStamps } from '../core/ingest/file-diff.ts';
import { OCR_SETTING } from '../core/ports/ocr-engine.ts';
import type { SettingsStore } from './catalogue-embedders.ts';
import { readOcrSetting } from './ocr-setting.ts';

export async function readSettingStamps(settings: SettingsStore): Promise<SettingStamps> {
  const ocr = await readOcrSetting(settings);
  // Images and scans are passed over only while OCR is off: its languages change nothing there.
  return { [OCR_SETTING]: ocr.enabled ? 'on' : 'off' };
}
