/**
 * The eval command's switches for thorough mode, after the seed's ablation table: how many
 * candidates, how retrieval happens while they are written (`--thorough-retrieval monitor |
 * explicit | off`), and `--no-hsr` / `--no-qair`; `--ablations` runs every configuration of
 * {@link ABLATIONS} over the same library so that their calls and tokens can be compared.
 */
import type {
  ThoroughOptions,
  ThoroughRetrieval,
} from '../../src/core/agents/refine/thorough-options.ts';

export const THOROUGH_FLAGS = {
  candidates: { type: 'string' },
  'thorough-retrieval': { type: 'string' },
  'no-hsr': { type: 'boolean', default: false },
  'no-qair': { type: 'boolean', default: false },
  ablations: { type: 'boolean', default: false },
} as const;

/** One configuration of the ablation run: its name and what it changes. */
export interface Ablation {
  name: string;
  options: Partial<ThoroughOptions>;
}

/** The full mode, then one component changed at a time. */
export const ABLATIONS: readonly Ablation[] = [
  { name: 'full', options: {} },
  { name: 'monitor off', options: { retrieval: 'off' } },
  { name: 'explicit retrieval', options: { retrieval: 'explicit' } },
  { name: 'no HSR', options: { hsr: false } },
  { name: 'no QAIR', options: { qair: false } },
];

const RETRIEVALS: readonly ThoroughRetrieval[] = ['monitor', 'explicit', 'off'];

export function thoroughFlags(values: {
  candidates?: string;
  'thorough-retrieval'?: string;
  'no-hsr'?: boolean;
  'no-qair'?: boolean;
}): Partial<ThoroughOptions> {
  const options: Partial<ThoroughOptions> = {};
  if (values.candidates !== undefined) {
    const count = Number(values.candidates);
    if (count !== 1 && count !== 2 && count !== 3)
      throw new Error('--candidates must be 1, 2 or 3.');
    options.candidates = count;
  }
  const retrieval = values['thorough-retrieval'];
  if (retrieval !== undefined) {
    if (!RETRIEVALS.includes(retrieval as ThoroughRetrieval)) {
      throw new Error(`--thorough-retrieval must be one of ${RETRIEVALS.join(', ')}.`);
    }
    options.retrieval = retrieval as ThoroughRetrieval;
  }
  if (values['no-hsr']) options.hsr = false;
  if (values['no-qair']) options.qair = false;
  return options;
}
