import { proxy, wrap, type Remote } from 'comlink';
import type { LibraryApi } from '../../../workers/library.worker.ts';

export type {
  AnswerEngineProgress,
  AnswerEngineSetting,
  AnswerEngineTest,
  AskCitation,
  AskResult,
  CollectionSummary,
  Competitors,
  DocumentView,
  DownloadProgress,
  EmbeddingModelInfo,
  FileIssue,
  FolderInput,
  IngestProgress,
  InterruptedSync,
  ModelChangeEvent,
  ModelChangeSummary,
  PickedFile,
  ReembedProgress,
  SearchMode,
  SearchResultItem,
  StorageUsage,
  StrategyChoice,
  StrategyName,
  SyncEvent,
  SyncSummary,
  TextRange,
  ThoroughCandidates,
  TraceEvent,
  TraceTotals,
  WebLlmCacheBackend,
  WebLlmEngineSetting,
} from '../../../workers/library.worker.ts';

/** The embedding models a collection can use (plain data, also known to the worker). */
export { EMBEDDING_MODELS } from '../../adapters/embedder/models.ts';

/** The on-device models, the caches web-llm can keep them in, and what this device's WebGPU runs. */
export {
  DEFAULT_WEBLLM_MODEL_ID,
  WEBLLM_MODELS,
  type WebLlmModel,
} from '../../adapters/engines/webllm/models.ts';
export { WEBLLM_CACHE_BACKENDS } from '../../adapters/library/webllm-setting.ts';
export {
  detectWebGpu,
  whyModelCannotRun,
  type WebGpuSupport,
} from '../../adapters/engines/webllm/webgpu-support.ts';

export type LibraryClient = Remote<LibraryApi>;

/** Starts the library worker and talks to it through comlink. */
export function connectLibrary(): LibraryClient {
  const worker = new Worker(new URL('../../../workers/library.worker.ts', import.meta.url), {
    type: 'module',
    name: 'library',
  });
  return wrap<LibraryApi>(worker);
}

/** Wraps a callback so the worker can call it (progress events). */
export const callback = proxy;
