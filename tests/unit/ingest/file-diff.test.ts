import { describe, expect, it } from 'vitest';
import { OcrTurnedOffError, CorruptFileError } from '../../../src/core/errors.ts';
import { diffFolder, recordedError } from '../../../src/core/ingest/file-diff.ts';
import { PauseController } from '../../../src/core/ingest/pause.ts';
import type { SourceFile } from '../../../src/core/ports/folder-source.ts';
import type { FileRecord } from '../../../src/core/types.ts';

const source = (path: string, size = 10, mtime = 1): SourceFile => ({
  path,
  size,
  mtime,
  read: async () => new Uint8Array(size),
});

const record = (path: string, overrides: Partial<FileRecord> = {}): FileRecord => ({
  id: `c/${path}`,
  collectionId: 'c',
  path,
  size: 10,
  mtime: 1,
  hash: 'h',
  status: 'indexed',
  chunkCount: 1,
  indexedAt: 0,
  ...overrides,
});

describe('diffFolder', () => {
  it('sorts files into added, changed, unchanged and removed', () => {
    const diff = diffFolder(
      [source('same.md'), source('new.md'), source('bigger.md', 20), source('touched.md', 10, 2)],
      [record('same.md'), record('bigger.md'), record('touched.md'), record('gone.md')],
    );
    expect(diff.added.map((file) => file.path)).toEqual(['new.md']);
    expect(diff.changed.map((file) => file.path)).toEqual(['bigger.md', 'touched.md']);
    expect(diff.unchanged.map((file) => file.path)).toEqual(['same.md']);
    expect(diff.removed.map((file) => file.path)).toEqual(['gone.md']);
  });

  it('keeps the attachments of a file still in the folder and removes those of a file gone', () => {
    const attachment = (container: string, name: string) =>
      record(`${container}/attachments/${name}`, { container });
    const diff = diffFolder(
      [source('kept.eml'), source('changed.eml', 20)],
      [
        record('kept.eml'),
        attachment('kept.eml', 'a.pdf'),
        record('changed.eml'),
        attachment('changed.eml', 'b.txt'),
        record('gone.eml'),
        attachment('gone.eml', 'c.txt'),
        attachment('never-stored.eml', 'd.txt'),
      ],
    );
    expect(diff.removed.map((file) => file.path)).toEqual([
      'gone.eml',
      'gone.eml/attachments/c.txt',
      'never-stored.eml/attachments/d.txt',
    ]);
    expect(diff.changed.map((file) => file.path)).toEqual(['changed.eml']);
    expect(diff.unchanged.map((file) => file.path)).toEqual(['kept.eml']);
  });

  it('retries files that failed for a passing reason, not corrupt ones', () => {
    const diff = diffFolder(
      [source('locked.md'), source('broken.pdf')],
      [
        record('locked.md', { status: 'failed', error: { name: 'FileReadError', message: '' } }),
        record('broken.pdf', {
          status: 'failed',
          error: { name: 'CorruptFileError', message: '' },
        }),
      ],
    );
    expect(diff.retried.map((file) => file.path)).toEqual(['locked.md']);
    expect(diff.unchanged.map((file) => file.path)).toEqual(['broken.pdf']);
  });

  it('records the stamp of the setting behind an error, and none for other errors', () => {
    const stamps = { ocr: 'off' };
    expect(recordedError(new OcrTurnedOffError('scan.png'), stamps)).toMatchObject({
      name: 'OcrTurnedOffError',
      setting: { name: 'ocr', stamp: 'off' },
    });
    // As it comes from another worker: name, message and setting only.
    const crossed = Object.assign(new Error('skipped'), {
      name: 'OcrTurnedOffError',
      setting: 'ocr',
    });
    expect(recordedError(crossed, stamps).setting).toEqual({ name: 'ocr', stamp: 'off' });
    expect(recordedError(new CorruptFileError('a.pdf', 'bad'), stamps)).not.toHaveProperty(
      'setting',
    );
  });

  it('reads again what a setting passed over once that setting has changed, with its message', () => {
    const passedOver = (path: string, stamp: string, container?: string) =>
      record(path, {
        status: 'skipped',
        error: { name: 'OcrTurnedOffError', message: '', setting: { name: 'ocr', stamp } },
        ...(container === undefined ? {} : { container }),
      });
    const stored = [
      passedOver('scan.png', 'off'),
      record('note.eml'),
      passedOver('note.eml/attachments/photo.jpg', 'off', 'note.eml'),
      record('other.eml'),
      record('empty.txt', { status: 'skipped', error: { name: 'EmptyFileError', message: '' } }),
    ];
    const files = [
      source('scan.png'),
      source('note.eml'),
      source('other.eml'),
      source('empty.txt'),
    ];
    const still = diffFolder(files, stored, { ocr: 'off' });
    expect(still.retried).toEqual([]);
    const changed = diffFolder(files, stored, { ocr: 'on' });
    expect(changed.retried.map((file) => file.path)).toEqual(['scan.png', 'note.eml']);
    expect(changed.unchanged.map((file) => file.path)).toEqual(['other.eml', 'empty.txt']);
    expect(changed.removed).toEqual([]);
  });
});

describe('PauseController', () => {
  it('holds waiters until resumed', async () => {
    const controller = new PauseController();
    await controller.whilePaused();
    controller.pause();
    let released = false;
    const waiting = controller.whilePaused().then(() => (released = true));
    await Promise.resolve();
    expect(released).toBe(false);
    controller.resume();
    await waiting;
    expect(released).toBe(true);
  });

  it('releases waiters when the job is cancelled', async () => {
    const controller = new PauseController();
    const abort = new AbortController();
    controller.pause();
    const waiting = controller.whilePaused(abort.signal);
    abort.abort();
    await expect(waiting).resolves.toBeUndefined();
  });
});
