/**
 * A model host on 127.0.0.1 for the model manager's e2e test: a small web-llm model folder
 * (config, tokenizer, `tensor-cache.json` and its shards) under `/<model id>/resolve/main/` and
 * its library under `/<model id>/`, with CORS for the app's origin, a log of the paths asked for,
 * and paths that fail once on demand.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModelHost {
  /** The custom model URL to enter, e.g. `http://127.0.0.1:41234/SmolLM2-360M-Instruct-q4f32_1-MLC`. */
  modelUrl: string;
  /** Paths requested, in order. */
  requests: string[];
  /** The shard paths, e.g. `/SmolLM2…/resolve/main/params_shard_0.bin`. */
  shardPaths: string[];
  /** These paths answer 500 once, then normally. */
  failOnce: Set<string>;
  close(): Promise<void>;
}

/** Serves `modelId`'s folder and, beside it, its library file `libraryFile` (as a custom URL lays them out). */
export async function startModelHost(
  modelId: string,
  libraryFile: string,
  shardBytes: number[],
): Promise<ModelHost> {
  const folder = `/${modelId}/resolve/main/`;
  const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));
  const records = shardBytes.map((nbytes, index) => ({
    dataPath: `params_shard_${index}.bin`,
    nbytes,
    records: [],
  }));
  const files = new Map<string, Buffer>([
    [`${folder}mlc-chat-config.json`, json({ tokenizer_files: ['tokenizer.json'] })],
    [`${folder}tokenizer.json`, json({ model: { type: 'BPE' } })],
    [`${folder}tensor-cache.json`, json({ metadata: {}, records })],
    [`/${modelId}/${libraryFile}`, Buffer.alloc(256)],
  ]);
  const shardPaths = records.map((record) => `${folder}${record.dataPath}`);
  shardPaths.forEach((path, index) => files.set(path, Buffer.alloc(shardBytes[index] ?? 0, index)));
  const requests: string[] = [];
  const failOnce = new Set<string>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    requests.push(path);
    response.setHeader('access-control-allow-origin', '*');
    const body = files.get(path);
    if (failOnce.delete(path)) {
      response.writeHead(500).end('try again');
    } else if (body) {
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
    } else {
      response.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    modelUrl: `http://127.0.0.1:${port}/${modelId}`,
    requests,
    shardPaths,
    failOnce,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
