/**
 * The switches of thorough mode (DESIGN.md section 2, after eigen-agent-monitor-rag): how many
 * candidates, how retrieval happens while they are written, and whether anchor-reference
 * refinement (HSR) and quality-aware iteration (QAIR) run. The eval command's ablation flags set
 * them; the app sets `candidates`.
 */

/**
 * - `monitor`: implicit retrieval; a monitor watches each candidate as it streams and splices
 *   evidence notes in where it finds a knowledge gap.
 * - `explicit`: before each candidate the querier writes search queries and the raw hits are
 *   added to its passages (retrieval as a tool call, the seed's "explicit RAG").
 * - `off`: the initial search's passages only.
 */
export type ThoroughRetrieval = 'monitor' | 'explicit' | 'off';

export interface ThoroughOptions {
  /** Candidates proposed: 2 by default, at most 3 on a device. */
  candidates: 1 | 2 | 3;
  retrieval: ThoroughRetrieval;
  /** Most evidence notes spliced into one candidate. */
  maxInjections: number;
  /** Most LLM monitor checks per candidate (only made when the free signals fire). */
  maxMonitorChecks: number;
  /** Anchor-reference refinement. */
  hsr: boolean;
  /** Quality-aware iteration; without it nothing is scored and the ranker reads the answers alone. */
  qair: boolean;
}

export const DEFAULT_THOROUGH_OPTIONS: Readonly<ThoroughOptions> = {
  candidates: 2,
  retrieval: 'monitor',
  maxInjections: 2,
  maxMonitorChecks: 3,
  hsr: true,
  qair: true,
};
