/**
 * Builds the built-in embedder (`npm run build:embedder`): pruned, SIF-weighted, int8-quantised
 * GloVe word vectors as an ONNX graph plus a whole-word BERT tokenizer, loadable with
 * `pipeline('feature-extraction', 'archivist/glove-100d')`. Options: see `options.ts`.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildEmbeddingGraph } from './onnx-graph.ts';
import { modelConfig, tokenizerConfig, tokenizerJson } from './model-files.ts';
import { parseOptions } from './options.ts';
import { quantizeRows } from './quantize.ts';
import { SOURCE_PACKAGE, SOURCE_VERSION, loadWordVectors } from './source.ts';
import { buildTable } from './table.ts';
import { buildVocabulary } from './vocabulary.ts';

const NOTICE = `# Built-in embedder: archivist/glove-100d

Averaged word vectors for Archivist's offline search, made by \`npm run build:embedder\`
(scripts/build-embedder) from the npm package ${SOURCE_PACKAGE}@${SOURCE_VERSION}
(MIT licence, copyright GRAYPE Systems Private Limited), whose vectors are derived from the GloVe
pre-trained vectors (Pennington, Socher, Manning 2014), available under the Open Data Commons
Public Domain Dedication and License (PDDL) v1.0.
`;

function writeJson(path: string, value: unknown): void {
  writeFileSync(path, `${JSON.stringify(value)}\n`);
}

function main(): void {
  const options = parseOptions(process.argv.slice(2));
  const started = performance.now();
  const source = loadWordVectors(options.cacheDir);
  const vocabulary = buildVocabulary(source.words, options.vocabularySize);
  const table = buildTable(source, vocabulary, options);
  const quantized = quantizeRows(table, source.dim);

  const settings = {
    vocabularySize: options.vocabularySize,
    sifA: options.sifA,
    unitWords: options.unitWords,
    removeTop: options.removeTop,
    commonComponents: options.commonComponents,
  };
  const description = `archivist/glove-100d from ${SOURCE_PACKAGE}@${SOURCE_VERSION}: ${JSON.stringify(settings)}`;
  mkdirSync(join(options.outDir, 'onnx'), { recursive: true });
  writeFileSync(
    join(options.outDir, 'onnx', 'model.onnx'),
    buildEmbeddingGraph(quantized, source.dim, description),
  );
  writeJson(join(options.outDir, 'config.json'), modelConfig(source.dim, vocabulary.length));
  writeJson(join(options.outDir, 'tokenizer.json'), tokenizerJson(vocabulary));
  writeJson(join(options.outDir, 'tokenizer_config.json'), tokenizerConfig());
  writeFileSync(join(options.outDir, 'NOTICE.md'), NOTICE);

  const files = ['onnx/model.onnx', 'config.json', 'tokenizer.json', 'tokenizer_config.json'];
  const bytes = files.reduce((sum, file) => sum + statSync(join(options.outDir, file)).size, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `wrote ${options.outDir}: ${vocabulary.length} tokens x ${source.dim}, ` +
      `${(bytes / 1e6).toFixed(2)} MB, in ${seconds} s`,
  );
}

main();
