/** The document library off the main thread: sync, search and documents, over comlink. */
// First: the network guard must be in place before transformers.js and onnxruntime-web are evaluated.
import { workerNetworkGuard } from '../src/adapters/network/worker-network-guard.ts';
import { expose } from 'comlink';
import { createBrowserLibrary } from '../src/adapters/library/browser-library.ts';
import { sendErrorsAsNameAndMessage } from '../src/adapters/library/worker-errors.ts';
import {
  announceLife,
  noticeOf,
  type WorkerSignal,
} from '../src/adapters/library/worker-signals.ts';

export type * from '../src/adapters/library/library-types.ts';
export type * from '../src/adapters/library/question-types.ts';
export type * from '../src/adapters/library/on-device-types.ts';

const signal = (message: WorkerSignal): void => self.postMessage(message);
const api = createBrowserLibrary((error) => signal(noticeOf(error)), workerNetworkGuard);

sendErrorsAsNameAndMessage();
expose(api);
// Lets the page notice when this worker has ended, whatever ended it.
announceLife((navigator as { locks?: LockManager }).locks, signal);

export type LibraryApi = typeof api;
