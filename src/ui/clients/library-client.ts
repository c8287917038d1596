import { proxy, type Remote } from 'comlink';
import type { LibraryApi } from '../../../workers/library.worker.ts';
import { LibraryConnection, type Notice } from './library-connection.ts';

export type {
  AnswerEngineProgress,
  AnswerEngineSetting,
  AnswerEngineTest,
  AskCitation,
  AskResult,
  CollectionSummary,
  Competitors,
  ContentsCounts,
  ContentsPage,
  ContentsStatus,
  ContentsType,
  Conversation,
  ConversationSummary,
  ConversationTurn,
  DocumentView,
  DownloadProgress,
  EmbeddingModelInfo,
  FileIssue,
  FileSummary,
  FolderInput,
  HistoryTurn,
  IngestProgress,
  InterruptedSync,
  ModelChangeEvent,
  ModelChangeSummary,
  ModelDownloadProgress,
  NeedsModelReason,
  OcrSetting,
  OnDeviceDownloadRequest,
  OnDeviceModelFiles,
  PassageReading,
  PickedFile,
  ReadingOutcome,
  ReadPassage,
  ReadSpan,
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
  TurnCitation,
  TurnStatus,
  WebLlmCacheBackend,
  WebLlmEngineSetting,
} from '../../../workers/library.worker.ts';

/** The embedding models a collection can use (plain data, also known to the worker). */
export { EMBEDDING_MODELS } from '../../catalogues/embedding-models.ts';

/** The on-device models, the caches web-llm can keep them in, and what this device's WebGPU runs. */
export {
  DEFAULT_WEBLLM_MODEL_ID,
  WEBLLM_MODELS,
  type WebLlmModel,
} from '../../catalogues/webllm-models.ts';
export { WEBLLM_CACHE_BACKENDS } from '../../catalogues/answer-engines.ts';
export {
  detectWebGpu,
  type WebGpuLimits,
  type WebGpuSupport,
} from '../../catalogues/webgpu-support.ts';
export {
  judgeModel,
  whyModelCannotRun,
  WEBLLM_MINIMUM_LIMITS,
  type DeviceCapabilities,
  type ModelVerdict,
} from '../../catalogues/model-verdict.ts';

export type LibraryClient = Remote<LibraryApi>;

/**
 * Starts the library worker and talks to it through comlink; a worker that stops is replaced (see
 * `LibraryConnection`). `onNotice` hears what the user should know: the worker was restarted, the
 * storage was closed by another tab's update, an update waits for other tabs.
 */
export function connectLibrary(onNotice: (notice: Notice) => void): LibraryClient {
  const connection = new LibraryConnection({
    startWorker: () =>
      new Worker(new URL('../../../workers/library.worker.ts', import.meta.url), {
        type: 'module',
        name: 'library',
      }),
    locks: navigator.locks,
    onNotice,
  });
  return connection.client;
}

/** Wraps a callback so the worker can call it (progress events). */
export const callback = proxy;
