import { fileURLToPath } from 'node:url';
import { BUILT_IN_MODEL_ID } from '../src/catalogues/embedding-models.ts';
import { TransformersEmbedder } from '../src/adapters/embedder/transformers-embedder.ts';

/** The built-in embedder from `public/models`, on onnxruntime-node, with no hub access. */
export function createEmbedder(): Promise<TransformersEmbedder> {
  return TransformersEmbedder.create({
    model: BUILT_IN_MODEL_ID,
    localModelPath: fileURLToPath(new URL('../public/models/', import.meta.url)),
    allowRemote: false,
    device: 'cpu',
  });
}
