import type { Embedder } from '../core/ports/embedder.ts';
import type { DownloadProgress } from '../adapters/embedder/transformers-embedder.ts';

export type { DownloadProgress };

/** The embedding models the library can use, each loaded when first needed. */
export interface EmbedderRegistry {
  /** The model of a new collection when its request names none. */
  readonly defaultModelId: string;
  /**
   * The embedder of a model, loaded (downloaded if need be) once and kept; `onDownload` reports
   * the bytes fetched while it loads. Throws `EmbedderLoadError` when it cannot load, e.g. offline.
   */
  load(modelId: string, onDownload?: (progress: DownloadProgress) => void): Promise<Embedder>;
}
