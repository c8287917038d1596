/** Assembles the float embedding table of the chosen vocabulary with SIF weighting baked in. */
import type { BuildOptions } from './options.ts';
import type { WordVectors } from './source.ts';
import type { VocabularyEntry } from './vocabulary.ts';
import {
  meanRow,
  normaliseRows,
  principalDirections,
  projectOut,
  scaleRows,
  sifWeight,
  subtractFromRows,
  zipfProbability,
} from './weighting.ts';

type TableOptions = Pick<BuildOptions, 'sifA' | 'unitWords' | 'removeTop' | 'commonComponents'>;

/** Row i is the weighted vector of `vocabulary[i]` (all zero for the special tokens). */
export function buildTable(
  source: WordVectors,
  vocabulary: readonly VocabularyEntry[],
  options: TableOptions,
): Float32Array {
  const { dim } = source;
  const table = new Float32Array(vocabulary.length * dim);
  vocabulary.forEach(({ sourceRow }, row) => {
    if (sourceRow >= 0) {
      table.set(source.vectors.subarray(sourceRow * dim, (sourceRow + 1) * dim), row * dim);
    }
  });
  if (options.unitWords) normaliseRows(table, dim);

  const isWord = vocabulary.map(({ sourceRow }) => (sourceRow >= 0 ? 1 : 0));
  if (options.removeTop > 0) {
    subtractFromRows(table, dim, meanRow(table, dim, isWord));
    projectOut(table, dim, principalDirections(table, dim, options.removeTop, isWord));
  }

  // p(w) from the word's rank in the full source list, which is in corpus frequency order.
  const probabilities = vocabulary.map(({ sourceRow }) =>
    sourceRow >= 0 ? zipfProbability(sourceRow + 1, source.words.length) : 0,
  );
  scaleRows(
    table,
    dim,
    probabilities.map((p, row) => (isWord[row] ? sifWeight(p, options.sifA) : 0)),
  );

  if (options.commonComponents > 0) {
    // The direction every sentence vector shares: a sentence's expected vector is dominated by
    // its words weighted by how often they occur.
    projectOut(
      table,
      dim,
      principalDirections(table, dim, options.commonComponents, probabilities),
    );
  }
  return table;
}
