/** The document library off the main thread: sync, search and documents, over comlink. */
// First: the network guard must be in place before transformers.js and onnxruntime-web are evaluated.
import { workerNetworkGuard } from '../src/adapters/network/worker-network-guard.ts';
import { expose } from 'comlink';
import { createBrowserLibrary } from '../src/app/browser-library.ts';
import { sendErrorsAsNameAndMessage } from '../src/app/worker-errors.ts';
import { announceLife, noticeOf, type WorkerSignal } from '../src/app/worker-signals.ts';

export type * from '../src/app/library-types.ts';
export type * from '../src/app/question-types.ts';
export type * from '../src/app/on-device-types.ts';

const signal = (message: WorkerSignal): void => self.postMessage(message);
const api = createBrowserLibrary((error) => signal(noticeOf(error)), workerNetworkGuard);

sendErrorsAsNameAndMessage();
expose(api);
// Lets the page notice when this worker has ended, whatever ended it.
announceLife((navigator as { locks?: LockManager }).locks, signal);

export type LibraryApi = typeof api;
