/** One of the library worker's parse workers: reads files into documents, over comlink. */
// First: the network guard must be in place before pdf.js is evaluated.
import '../src/adapters/network/worker-network-guard.ts';
import { expose } from 'comlink';
import { createParseWorkerApi } from '../src/app/parse-worker-api.ts';
import { sendErrorsAsNameAndMessage } from '../src/app/worker-errors.ts';
import { announceLife } from '../src/app/worker-signals.ts';

const api = createParseWorkerApi();

sendErrorsAsNameAndMessage();
expose(api);
// Lets the library worker notice when this worker has ended, whatever ended it.
announceLife((navigator as { locks?: LockManager }).locks, (signal) => self.postMessage(signal));

export type ParseWorkerApi = typeof api;
