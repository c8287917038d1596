import { describe, expect, it } from 'vitest';
import { checkWebLlmSetting, webLlmModelFor } from '../../../src/app/webllm-setting.ts';
import type { WebLlmEngineSetting } from '../../../src/catalogues/answer-engines.ts';
import { FILES, folder, openLibrary } from './library-fixtures.ts';

const QWEN = 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC';

function setting(overrides: Partial<WebLlmEngineSetting> = {}): WebLlmEngineSetting {
  return { kind: 'webllm', model: QWEN, cacheBackend: 'cache', ...overrides };
}

describe('choosing an on-device model', () => {
  it('accepts a catalogue model and trims the custom URL, dropping an empty one', () => {
    expect(checkWebLlmSetting(setting({ customUrl: '  ' }))).toEqual(setting());
    expect(
      checkWebLlmSetting(setting({ cacheBackend: 'opfs', customUrl: ' http://models.lan/qwen ' })),
    ).toEqual(setting({ cacheBackend: 'opfs', customUrl: 'http://models.lan/qwen' }));
  });

  it('rejects an unknown model, an unknown cache and a relative custom URL', () => {
    for (const wrong of [
      setting({ model: 'gpt-4' }),
      setting({ cacheBackend: 'floppy' as WebLlmEngineSetting['cacheBackend'] }),
      setting({ customUrl: 'models/qwen' }),
      setting({ customUrl: 'file:///models/qwen' }),
    ]) {
      expect(() => checkWebLlmSetting(wrong)).toThrow(
        expect.objectContaining({ name: 'InvalidEngineSettingError' }),
      );
    }
  });

  it('serves weights and library from the custom URL, keeping the model’s needs', () => {
    const model = webLlmModelFor(setting({ customUrl: 'https://models.lan/qwen' }));
    expect(model.id).toBe(QWEN);
    expect(model.needsShaderF16).toBe(true);
    expect(model.record.model).toBe('https://models.lan/qwen');
    expect(model.record.model_lib).toBe(
      'https://models.lan/qwen/Qwen2-0.5B-Instruct-q4f16_1_cs1k-webgpu.wasm',
    );
    expect(webLlmModelFor(setting()).record.model).toBe(`https://huggingface.co/mlc-ai/${QWEN}`);
  });

  it('keeps answering extractively when the model cannot load', async () => {
    const library = openLibrary();
    await library.syncFolder(
      { jobId: 'sync', folder: { kind: 'files', files: folder(FILES) } },
      () => undefined,
    );
    expect(await library.questions.setAnswerEngine(setting())).toEqual(setting());
    await expect(library.questions.loadAnswerEngine(() => undefined)).rejects.toMatchObject({
      name: 'EngineLoadError',
    });
    const result = await library.questions.ask(
      { jobId: 'ask', question: 'What ate the basil?', strategy: 'plan', competitors: 2 },
      () => undefined,
      () => undefined,
    );
    expect(result.answer).toContain('Snails');
  });
});
