import type { IngestProgress } from '../core/ingest/progress.ts';
import type { Store } from '../core/ports/store.ts';
import type { WebLocks } from './web-locks.ts';

/** What the marker of a running sync records: enough to tell the user where it stopped. */
export interface SyncMarker {
  startedAt: number;
  /** Files of this sync's work (added, changed, retried) committed so far. */
  filesDone: number;
  /** Files of this sync's work; 0 while the folder is still being read. */
  filesTotal: number;
}

/** One running sync's marker: record its progress, then end it. */
export interface SyncMarkerRecorder {
  record(progress: IngestProgress): void;
  /** The sync finished or was cancelled: removes the marker once the writes before it are done. */
  end(): Promise<void>;
  /** The sync failed part way (a full disk, a model that would not load): keeps the marker. */
  interrupt(): Promise<void>;
}

const markerKey = (collectionId: string): string => `sync-in-progress:${collectionId}`;
/** Held by the tab whose sync of the collection runs (Web Locks end with their tab). */
const lockName = (collectionId: string): string => `archivist-sync:${collectionId}`;

/**
 * A "sync in progress" marker per collection, stored in the settings while a sync of it runs and
 * removed when the sync ends or is cancelled; a sync that fails keeps it. A marker still stored
 * when no sync of the collection runs in any tab means that the last one was interrupted (a
 * reload, a closed tab, a crash, a failure): with `locks`, the running sync holds the collection's
 * lock, which the browser releases whatever ends its tab.
 */
export class SyncMarkers {
  readonly #settings: Pick<Store, 'getSetting' | 'putSetting'>;
  readonly #locks: WebLocks | undefined;

  constructor(settings: Pick<Store, 'getSetting' | 'putSetting'>, locks?: WebLocks) {
    this.#settings = settings;
    this.#locks = locks;
  }

  async begin(collectionId: string): Promise<SyncMarkerRecorder> {
    const key = markerKey(collectionId);
    const release = await this.#hold(collectionId);
    const marker: SyncMarker = { startedAt: Date.now(), filesDone: 0, filesTotal: 0 };
    try {
      await this.#settings.putSetting(key, marker);
    } catch (error) {
      release();
      throw error;
    }
    /** Writes run one after another, so the last progress is the one that stays. */
    let writes = Promise.resolve();
    const write = (value: SyncMarker | undefined): Promise<void> => {
      writes = writes.then(() => this.#settings.putSetting(key, value)).catch(() => undefined);
      return writes;
    };
    return {
      record: ({ filesDone, filesTotal }) => {
        if (filesDone === marker.filesDone && filesTotal === marker.filesTotal) return;
        marker.filesDone = filesDone;
        marker.filesTotal = filesTotal;
        void write({ ...marker });
      },
      end: () => write(undefined).finally(release),
      interrupt: () => writes.finally(release),
    };
  }

  /** The marker of an interrupted or running sync of the collection, if any. */
  read(collectionId: string): Promise<SyncMarker | undefined> {
    return this.#settings.getSetting<SyncMarker>(markerKey(collectionId));
  }

  /** The marker of an interrupted sync: none while a tab (this one too) runs a sync of it. */
  async readInterrupted(collectionId: string): Promise<SyncMarker | undefined> {
    const marker = await this.read(collectionId);
    if (!marker || !this.#locks) return marker;
    const { held = [] } = await this.#locks.query();
    return held.some((lock) => lock.name === lockName(collectionId)) ? undefined : marker;
  }

  async clear(collectionId: string): Promise<void> {
    await this.#settings.putSetting(markerKey(collectionId), undefined);
  }

  /** Takes the collection's lock (waiting while another tab holds it); call the result to let go. */
  async #hold(collectionId: string): Promise<() => void> {
    const locks = this.#locks;
    if (!locks) return () => undefined;
    let release!: () => void;
    await new Promise<void>((granted) => {
      void locks.request(
        lockName(collectionId),
        () =>
          new Promise<void>((done) => {
            release = done;
            granted();
          }),
      );
    });
    return release;
  }
}
