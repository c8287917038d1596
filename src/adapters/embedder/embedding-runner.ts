/** What `TransformersEmbedder` runs: a model session, or a word table in plain JavaScript. */
export interface EmbeddingRunner {
  /** Pooled unit vectors of `texts` into `target`, row `targetRows[i]` for text i. */
  embedInto(
    texts: string[],
    target: Float32Array,
    targetRows: readonly number[],
    dim: number,
  ): Promise<void>;
  probeDimension(): Promise<number>;
  dispose(): Promise<void>;
}
