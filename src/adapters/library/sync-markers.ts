import type { IngestProgress } from '../../core/ingest/progress.ts';
import type { Store } from '../../core/ports/store.ts';

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
  /** Removes the marker once the writes before it are done. */
  end(): Promise<void>;
}

const markerKey = (collectionId: string): string => `sync-in-progress:${collectionId}`;

/**
 * A "sync in progress" marker per collection, stored in the settings while a sync of it runs and
 * removed when the sync ends, fails or is cancelled. A marker still stored when no sync of the
 * collection runs means that the last one was interrupted (a reload, a closed tab, a crash).
 */
export class SyncMarkers {
  readonly #settings: Pick<Store, 'getSetting' | 'putSetting'>;

  constructor(settings: Pick<Store, 'getSetting' | 'putSetting'>) {
    this.#settings = settings;
  }

  async begin(collectionId: string): Promise<SyncMarkerRecorder> {
    const key = markerKey(collectionId);
    const marker: SyncMarker = { startedAt: Date.now(), filesDone: 0, filesTotal: 0 };
    await this.#settings.putSetting(key, marker);
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
      end: () => write(undefined),
    };
  }

  /** The marker of an interrupted or running sync of the collection, if any. */
  read(collectionId: string): Promise<SyncMarker | undefined> {
    return this.#settings.getSetting<SyncMarker>(markerKey(collectionId));
  }

  async clear(collectionId: string): Promise<void> {
    await this.#settings.putSetting(markerKey(collectionId), undefined);
  }
}
