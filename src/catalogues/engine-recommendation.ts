/**
 * The one engine the Models view recommends for this device, and why: the browser's built-in
 * model where the browser has one; else the best on-device download this device runs without a
 * warning (the largest), or failing that the smallest it runs at all; else a local server, with
 * the commands that start one a web page may call. Pure: what was measured comes in.
 */
import type { WebLlmModel } from './webllm-models.ts';
import { judgeModel, type DeviceCapabilities } from './model-verdict.ts';

/** What the browser says of its built-in model (the Prompt API); `absent` without the API. */
export type BuiltInAvailability =
  'absent' | 'unavailable' | 'downloadable' | 'downloading' | 'available';

export type EngineRecommendation =
  | { kind: 'built-in'; why: string }
  | { kind: 'webllm'; model: WebLlmModel; why: string }
  | { kind: 'server'; why: string };

export function recommendEngine(
  builtIn: BuiltInAvailability,
  device: DeviceCapabilities,
  models: readonly WebLlmModel[],
): EngineRecommendation {
  if (builtIn === 'available') {
    return { kind: 'built-in', why: 'This browser has a language model built in, ready to use.' };
  }
  if (builtIn === 'downloadable' || builtIn === 'downloading') {
    return {
      kind: 'built-in',
      why: 'This browser has a language model built in; the browser downloads it once and keeps it up to date, with nothing for Archivist to download.',
    };
  }
  const verdicts = models.map((model) => ({ model, verdict: judgeModel(model, device) }));
  const runs = verdicts.filter(({ verdict }) => verdict.runs);
  const clear = runs.filter(({ verdict }) => verdict.warnings.length === 0);
  const best = clear.toSorted((a, b) => b.model.vramMegabytes - a.model.vramMegabytes)[0];
  if (best) {
    return {
      kind: 'webllm',
      model: best.model,
      why: `This device's graphics card runs it with WebGPU; it is the largest model here that fits the memory this device reports.`,
    };
  }
  const smallest = runs.toSorted((a, b) => a.model.vramMegabytes - b.model.vramMegabytes)[0];
  if (smallest) {
    return {
      kind: 'webllm',
      model: smallest.model,
      why: `It is the smallest model that runs here with WebGPU (${smallest.verdict.warnings.join('; ')}).`,
    };
  }
  const lightest = verdicts.toSorted((a, b) => a.model.vramMegabytes - b.model.vramMegabytes)[0];
  const reasons = lightest && !lightest.verdict.runs ? lightest.verdict.reasons : [];
  const reason = reasons.join('; ') || 'no on-device model is offered';
  return {
    kind: 'server',
    why: `${capitalised(reason)}, and this browser has no built-in model, so run a model server on this computer and point Archivist at it.`,
  };
}

export interface ServerRecipe {
  name: string;
  /** The commands to run in a terminal, in order. */
  commands: string[];
  /** The base URL to enter afterwards. */
  baseUrl: string;
  /** What the cross-origin setting in the commands does. */
  note: string;
}

/**
 * How to start Ollama and llama.cpp's server so that this page (served from `pageOrigin`) may
 * call them. Ollama answers only the origins in `OLLAMA_ORIGINS` (and localhost); llama.cpp's
 * server allows every origin unless started otherwise.
 */
export function serverRecipes(pageOrigin: string): ServerRecipe[] {
  return [
    {
      name: 'Ollama',
      commands: ['ollama pull qwen2.5:3b', `OLLAMA_ORIGINS=${pageOrigin} ollama serve`],
      baseUrl: 'http://localhost:11434/v1',
      note: `OLLAMA_ORIGINS lets this page (${pageOrigin}) call Ollama; without it Ollama refuses requests from web pages other than localhost. On Windows, set it with “setx OLLAMA_ORIGINS ${pageOrigin}” and restart Ollama.`,
    },
    {
      name: 'llama.cpp server',
      commands: ['llama-server -hf Qwen/Qwen2.5-3B-Instruct-GGUF:Q4_K_M --port 8080'],
      baseUrl: 'http://localhost:8080/v1',
      note: 'llama-server allows requests from any page by default, so it needs no cross-origin setting; -hf downloads the model the first time.',
    },
  ];
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
