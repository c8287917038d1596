/**
 * A Node worker thread that parses files for `IsolatedParsers`: every parser, with OCR when the
 * thread was started with `workerData.ocr`. One request at a time: `{ id, path, bytes }` in,
 * `{ id, document }` or `{ id, error: { name, message, setting? } }` out.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createNodeTesseractEngine } from '../src/adapters/ocr/tesseract-node.ts';
import { toTransferredError } from '../src/app/worker-errors.ts';
import { createNodeParsers } from './node-parsers.ts';

const ocr = (workerData as { ocr: boolean }).ocr ? createNodeTesseractEngine() : undefined;
const parsers = createNodeParsers(ocr && (async () => ocr));

parentPort!.on('message', (request: { id: number; path: string; bytes: Uint8Array }) => {
  parsers.parse({ path: request.path, bytes: request.bytes }).then(
    (document) => parentPort!.postMessage({ id: request.id, document }),
    (error: unknown) =>
      parentPort!.postMessage({ id: request.id, error: toTransferredError(error).value }),
  );
});
