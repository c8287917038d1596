/** The document library off the main thread: sync, search and documents, over comlink. */
import { expose } from 'comlink';
import { createBrowserLibrary } from '../src/adapters/library/browser-library.ts';
import { sendErrorsAsNameAndMessage } from '../src/adapters/library/worker-errors.ts';

export type * from '../src/adapters/library/library-types.ts';
export type * from '../src/adapters/library/question-types.ts';

const api = createBrowserLibrary();

sendErrorsAsNameAndMessage();
expose(api);

export type LibraryApi = typeof api;
