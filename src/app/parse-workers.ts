/**
 * The library worker's pool of parse workers (`workers/parse.worker.ts`): as many as the device
 * has cores less one, at most 4, unless the `parse-workers` setting names a number.
 */
import { expose, transfer, wrap, type Remote } from 'comlink';
import { ParserPool, type ParseWorker } from '../adapters/parsers/parser-pool.ts';
import type { OcrEngineSource } from '../core/ports/ocr-engine.ts';
import type { DocumentParsers } from '../core/ports/parser.ts';
import type { SettingsStore } from './catalogue-embedders.ts';
import { ocrBridgeOf, type OcrBridge } from './ocr-bridge.ts';
import type { ParseWorkerApi } from './parse-worker-api.ts';
import { workerEnded } from './worker-life.ts';

/** The setting that fixes the pool's size (1 to `MAX_PARSE_WORKERS`); automatic when absent. */
export const PARSE_WORKERS_SETTING = 'parse-workers';

/** Parse workers at most, automatic or set. */
export const MAX_PARSE_WORKERS = 8;

/** `min(4, max(1, cores - 1))`, or the setting when it is a whole number from 1 to 8. */
export function parseWorkerCount(cores: number, setting: unknown): number {
  if (Number.isInteger(setting) && (setting as number) >= 1) {
    return Math.min(setting as number, MAX_PARSE_WORKERS);
  }
  return Math.min(4, Math.max(1, Math.floor(cores) - 1));
}

export interface ParseWorkerOptions {
  /** The type and size check, done here before a file is read. */
  check: DocumentParsers['check'];
  /** The library worker's OCR engine, which every parse worker asks through a bridge. */
  ocrEngine: OcrEngineSource;
  settings: Pick<SettingsStore, 'getSetting'>;
  locks: Pick<LockManager, 'request'> | undefined;
}

/** `DocumentParsers` that parse in a pool of workers started from this worker. */
export function parseInWorkers(options: ParseWorkerOptions): ParserPool {
  const bridge = ocrBridgeOf(options.ocrEngine);
  return new ParserPool({
    check: options.check,
    start: () => startParseWorker(bridge, options.locks),
    size: async () =>
      parseWorkerCount(
        navigator.hardwareConcurrency,
        await options.settings.getSetting(PARSE_WORKERS_SETTING),
      ),
  });
}

function startParseWorker(
  bridge: OcrBridge,
  locks: Pick<LockManager, 'request'> | undefined,
): ParseWorker {
  const worker = new Worker(new URL('../../workers/parse.worker.ts', import.meta.url), {
    type: 'module',
    name: 'parse',
  });
  const remote: Remote<ParseWorkerApi> = wrap(worker);
  // The bridge's own channel, closed with the worker (pool workers come and go: idle, crashed).
  const ocrChannel = new MessageChannel();
  expose(bridge, ocrChannel.port1);
  void remote.connectOcr(transfer(ocrChannel.port2, [ocrChannel.port2]));
  const ended = workerEnded(worker, locks);
  void ended.then(() => ocrChannel.port1.close());
  return {
    parse: (path, bytes) => remote.parse(path, transfer(bytes, [bytes.buffer as ArrayBuffer])),
    ended,
    terminate: () => {
      worker.terminate();
      ocrChannel.port1.close();
    },
  };
}
