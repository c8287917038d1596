/** The document library as the answering steps search it: passages, and routing by collection. */

/** A retrieved passage, as agents see it. */
export interface Evidence {
  /** Chunk id: what a citation points at. */
  id: string;
  text: string;
  collectionId: string;
  path: string;
  score: number;
}

export interface RetrieveOptions {
  /** Only these collections (a specialist searches its own). */
  collectionIds?: readonly string[];
  k: number;
  /** Also search through bridge entities the first hop's passages mention; fused with the first hop. */
  bridge?: boolean;
  signal?: AbortSignal;
}

/** The document library, as the pipeline needs it. */
export interface Retriever {
  /** Collection ids with their names, for routing and for the trace. */
  collections(): Promise<{ id: string; name: string }[]>;
  /** Knowledge-boundary routing: the collections whose centroids are nearest the query, best first. */
  route(query: string, topK: number, signal?: AbortSignal): Promise<string[]>;
  search(query: string, options: RetrieveOptions): Promise<Evidence[]>;
}
