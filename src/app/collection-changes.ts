/**
 * Word between the library workers of several tabs that a collection's stored index changed (a
 * sync, a model change, a deletion), so that the others load it again before their next search.
 */
export interface CollectionChanges {
  announce(collectionId: string): void;
  listen(onChange: (collectionId: string) => void): void;
}

/** Over a `BroadcastChannel`, which reaches every other tab and worker of the origin. */
export function broadcastChanges(name = 'archivist-collection-changes'): CollectionChanges {
  const channel = new BroadcastChannel(name);
  return {
    announce: (collectionId) => channel.postMessage(collectionId),
    listen: (onChange) =>
      channel.addEventListener('message', ({ data }: MessageEvent<unknown>) => {
        if (typeof data === 'string') onChange(data);
      }),
  };
}
