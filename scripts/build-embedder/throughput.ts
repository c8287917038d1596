/**
 * Embedding throughput of a model in Node on the dev passages:
 *
 *   npx tsx scripts/build-embedder/throughput.ts [--models-root public/models]
 *     [--model archivist/glove-100d] [--eval /work/shared/eval/dev] [--rounds 5] [--batch 64]
 *
 * Embeds every passage of `<eval>/docs/<collection>/*` in one `embed` call per round, after one
 * warm-up round; prints the median texts/s (last line JSON).
 */
import { readFile, readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { TransformersEmbedder } from '../../src/adapters/embedder/transformers-embedder.ts';

function option(flag: string, fallback: string): string {
  const index = process.argv.indexOf(flag);
  return (index >= 0 ? process.argv[index + 1] : undefined) ?? fallback;
}

async function readPassages(docsDir: string): Promise<string[]> {
  const texts: string[] = [];
  for (const collection of (await readdir(docsDir)).sort()) {
    const names = (await readdir(`${docsDir}/${collection}`)).sort();
    for (const name of names)
      texts.push(await readFile(`${docsDir}/${collection}/${name}`, 'utf8'));
  }
  return texts;
}

async function main(): Promise<void> {
  const model = option('--model', 'archivist/glove-100d');
  const rounds = Number(option('--rounds', '5'));
  const embedder = await TransformersEmbedder.create({
    model,
    localModelPath: `${resolve(option('--models-root', 'public/models'))}/`,
    allowRemote: false,
    device: 'cpu',
    batchSize: Number(option('--batch', '64')),
  });
  const texts = await readPassages(`${option('--eval', '/work/shared/eval/dev')}/docs`);
  const characters = texts.reduce((sum, text) => sum + text.length, 0);
  await embedder.embed(texts);
  const rates: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    await embedder.embed(texts);
    rates.push(texts.length / ((performance.now() - started) / 1000));
  }
  rates.sort((a, b) => a - b);
  const textsPerSecond = rates[Math.floor(rates.length / 2)]!;
  console.log(
    `${model}: ${texts.length} passages (mean ${Math.round(characters / texts.length)} characters), ` +
      `median ${textsPerSecond.toFixed(0)} texts/s over ${rounds} rounds`,
  );
  console.log(JSON.stringify({ model, texts: texts.length, rounds, textsPerSecond }));
}

await main();
