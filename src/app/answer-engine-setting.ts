/** The user's choice of answering engine, kept as a setting, and the engine it makes. */
import type { ChatEngine } from '../core/ports/chat-engine.ts';
import { ExtractiveEngine } from '../adapters/engines/extractive-engine.ts';
import { OpenAiCompatibleEngine } from '../adapters/engines/openai-compatible-engine.ts';
import type { SettingsStore } from './catalogue-embedders.ts';
import { InvalidEngineSettingError } from './library-errors.ts';
import type { AnswerEngineSetting } from '../catalogues/answer-engines.ts';
import { checkWebLlmSetting } from './webllm-setting.ts';

const ANSWER_ENGINE_SETTING = 'answer-engine';

/** A context window small local models all have; prompts are trimmed to fit it. */
const SERVER_CONTEXT_WINDOW = 4096;

const EXTRACTIVE: AnswerEngineSetting = { kind: 'extractive' };

export async function readAnswerEngine(settings: SettingsStore): Promise<AnswerEngineSetting> {
  return (await settings.getSetting<AnswerEngineSetting>(ANSWER_ENGINE_SETTING)) ?? EXTRACTIVE;
}

/**
 * Stores the choice after checking it: an http(s) base URL and a model name for a server; a
 * catalogue model, a cache backend and an absolute custom URL (if any) for an on-device model.
 */
export async function writeAnswerEngine(
  settings: SettingsStore,
  setting: AnswerEngineSetting,
): Promise<AnswerEngineSetting> {
  const checked = checkAnswerEngine(setting);
  await settings.putSetting(ANSWER_ENGINE_SETTING, checked);
  return checked;
}

/** The setting, trimmed; throws `InvalidEngineSettingError` when it cannot be used. */
export function checkAnswerEngine(setting: AnswerEngineSetting): AnswerEngineSetting {
  if (setting.kind === 'extractive') return EXTRACTIVE;
  if (setting.kind === 'built-in') return { kind: 'built-in' };
  if (setting.kind === 'webllm') return checkWebLlmSetting(setting);
  const baseUrl = checkServerAddress(setting.baseUrl);
  const model = setting.model.trim();
  if (model.length === 0) throw new InvalidEngineSettingError('Enter the name of the model.');
  return { kind: 'openai', baseUrl, model };
}

/** A server's base URL, trimmed; throws `InvalidEngineSettingError` unless it is http(s). */
export function checkServerAddress(address: string): string {
  const baseUrl = address.trim();
  const protocol = URL.canParse(baseUrl) ? new URL(baseUrl).protocol : '';
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new InvalidEngineSettingError(`“${baseUrl}” is not a web address.`);
  }
  return baseUrl;
}

/** `fetchFunction`: how a server is reached; the global `fetch` when absent. */
export type CreateEngine = (
  setting: AnswerEngineSetting,
  fetchFunction?: typeof fetch,
) => ChatEngine;

/**
 * An on-device model answers once loaded (see `OnDeviceModel`), the browser's built-in model once
 * the page has handed it over (`QuestionService.attachBuiltInModel`); extractively until then.
 */
export const createAnswerEngine: CreateEngine = (setting, fetchFunction) =>
  setting.kind === 'openai'
    ? new OpenAiCompatibleEngine({
        baseUrl: setting.baseUrl,
        model: setting.model,
        contextWindow: SERVER_CONTEXT_WINDOW,
        ...(fetchFunction ? { fetch: fetchFunction } : {}),
      })
    : new ExtractiveEngine();
