export interface EmbedOptions {
  signal?: AbortSignal;
}

/** Turns texts into unit-length vectors. One collection uses one embedder for all its vectors. */
export interface Embedder {
  /** Stable id recorded on each collection, e.g. `archivist/glove-100d` or `Xenova/bge-small-en-v1.5`. */
  readonly id: string;
  readonly dim: number;
  /**
   * Embeds `texts`; returns one flat array of `texts.length * dim` floats, row i being text i,
   * each row normalised to unit length (an all-zero row for a text with no known words).
   */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array>;
}
