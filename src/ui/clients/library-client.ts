import { proxy, wrap, type Remote } from 'comlink';
import type { LibraryApi } from '../../../workers/library.worker.ts';

export type {
  AnswerEngineSetting,
  AnswerEngineTest,
  AskCitation,
  AskResult,
  CollectionSummary,
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
  TraceEvent,
  TraceTotals,
} from '../../../workers/library.worker.ts';

/** The embedding models a collection can use (plain data, also known to the worker). */
export { EMBEDDING_MODELS } from '../../adapters/embedder/models.ts';

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
