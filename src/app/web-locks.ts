/**
 * The Web Locks API (`navigator.locks`) as the library uses it, to keep tabs of the same origin
 * from running jobs at once; absent in Node, where no other tab shares the store.
 */
export type WebLocks = Pick<LockManager, 'request' | 'query'>;
