/** Checking an on-device model choice, and the WebLLM model it names. */
import { customModel, findWebLlmModel, type WebLlmModel } from '../catalogues/webllm-models.ts';
import { InvalidEngineSettingError } from './library-errors.ts';
import { WEBLLM_CACHE_BACKENDS, type WebLlmEngineSetting } from '../catalogues/answer-engines.ts';

const HINT = 'Pick a model from the list, and leave the custom URL empty or write it as https://…';

/** The setting, trimmed; throws `InvalidEngineSettingError` for an unknown model or backend or a bad URL. */
export function checkWebLlmSetting(setting: WebLlmEngineSetting): WebLlmEngineSetting {
  if (!findWebLlmModel(setting.model)) {
    throw new InvalidEngineSettingError(`“${setting.model}” is not an on-device model.`, HINT);
  }
  if (!WEBLLM_CACHE_BACKENDS.includes(setting.cacheBackend)) {
    throw new InvalidEngineSettingError(`“${setting.cacheBackend}” is not a model cache.`, HINT);
  }
  const customUrl = setting.customUrl?.trim() ?? '';
  const checked: WebLlmEngineSetting = {
    kind: 'webllm',
    model: setting.model,
    cacheBackend: setting.cacheBackend,
  };
  if (customUrl === '') return checked;
  const protocol = URL.canParse(customUrl) ? new URL(customUrl).protocol : '';
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new InvalidEngineSettingError(`“${customUrl}” is not an absolute web address.`, HINT);
  }
  return { ...checked, customUrl };
}

/**
 * The model a checked setting names. A custom URL serves a copy of the catalogue model: its
 * weights (under `resolve/main/`, as web-llm expects) and its library file, side by side.
 */
export function webLlmModelFor(setting: WebLlmEngineSetting): WebLlmModel {
  const model = findWebLlmModel(setting.model);
  if (!model)
    throw new InvalidEngineSettingError(`“${setting.model}” is not an on-device model.`, HINT);
  if (setting.customUrl === undefined) return model;
  const folder = setting.customUrl.endsWith('/') ? setting.customUrl : `${setting.customUrl}/`;
  const libraryFile = model.record.model_lib.split('/').pop() ?? '';
  return customModel({
    url: setting.customUrl,
    modelLib: new URL(libraryFile, folder).href,
    id: model.id,
    label: model.label,
    contextWindow: model.contextWindow,
    vramMegabytes: model.vramMegabytes,
    downloadBytes: model.downloadBytes,
    needsShaderF16: model.needsShaderF16,
  });
}
