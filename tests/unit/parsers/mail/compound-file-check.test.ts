/**
 * Damage that would make msgreader loop forever, made in a real Outlook item by rewriting one
 * link of its compound file: each is found before msgreader runs, and the parser fails the file
 * with CorruptFileError instead of blocking its worker.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compoundFileDamage } from '../../../../src/adapters/parsers/mail/compound-file-check.ts';
import { createMsgParser } from '../../../../src/adapters/parsers/mail/msg.ts';
import { realdoc } from '../../../support/realdocs.ts';

const BLOCK = 512;
const original = new Uint8Array(readFileSync(realdoc('mail', 'testMSG_Post.msg')));

/** Reads and writes the little-endian fields of a copy of the real item. */
function compoundFile() {
  const bytes = original.slice();
  const view = new DataView(bytes.buffer);
  const int = (at: number) => view.getInt32(at, true);
  const setInt = (at: number, value: number) => view.setInt32(at, value, true);
  const blockAt = (block: number) => (block + 1) * BLOCK;
  const blockTable = int(0x4c);
  const next = (block: number) => int(blockAt(blockTable) + 4 * block);
  const directoryStart = int(0x30);
  const entryAt = (index: number) => {
    let block = directoryStart;
    for (let skip = Math.floor(index / 4); skip > 0; skip -= 1) block = next(block);
    return blockAt(block) + (index % 4) * 128;
  };
  const streams = () =>
    Array.from({ length: 64 }, (_, index) => index)
      .map((index) => ({ index, at: entryAt(index) }))
      .filter(({ at }) => bytes[at + 0x42] === 2 && int(at + 0x78) > 0);
  return { bytes, int, setInt, blockAt, blockTable, directoryStart, entryAt, streams };
}

describe('compoundFileDamage', () => {
  it('finds nothing wrong in the real Outlook items', () => {
    for (const name of [
      'testMSG_Post.msg',
      'testMSG_Task.msg',
      'testMSG_Appointment.msg',
      'test-outlook2003.msg',
    ]) {
      expect(compoundFileDamage(new Uint8Array(readFileSync(realdoc('mail', name))))).toBe(
        undefined,
      );
    }
  });

  it('finds a directory chain that comes back to itself', () => {
    const file = compoundFile();
    file.setInt(file.blockAt(file.blockTable) + 4 * file.directoryStart, file.directoryStart);
    expect(compoundFileDamage(file.bytes)).toBe('its directory loops');
  });

  it('finds directory links that form a cycle', () => {
    const file = compoundFile();
    const child = file.int(file.entryAt(0) + 0x4c);
    file.setInt(file.entryAt(child) + 0x48, child);
    expect(compoundFileDamage(file.bytes)).toBe('its directory links form a cycle');
  });

  it('finds a small stream whose chain comes back to itself', () => {
    const file = compoundFile();
    const small = file.streams().find(({ at }) => file.int(at + 0x78) < 4096)!;
    const start = file.int(small.at + 0x74);
    file.setInt(file.blockAt(file.int(0x3c)) + 4 * start, start);
    expect(compoundFileDamage(file.bytes)).toBe('a stream in it loops');
  });

  it('finds a stream that claims to be larger than the file', () => {
    const file = compoundFile();
    file.setInt(file.streams()[0]!.at + 0x78, 0x7fffffff);
    expect(compoundFileDamage(file.bytes)).toBe('a stream in it claims to be larger than the file');
  });

  it('leaves damage msgreader throws on to msgreader', () => {
    expect(compoundFileDamage(original.subarray(0, 40))).toBe(undefined);
  });
});

describe('createMsgParser on a looping compound file', () => {
  it('fails it with CorruptFileError naming the damage, without running msgreader into it', async () => {
    const file = compoundFile();
    file.setInt(file.blockAt(file.blockTable) + 4 * file.directoryStart, file.directoryStart);
    const parser = createMsgParser(() => Promise.reject(new Error('no RTF reader in this test')));
    await expect(parser.parse({ path: 'mail/loop.msg', bytes: file.bytes })).rejects.toMatchObject({
      name: 'CorruptFileError',
      message: expect.stringContaining('its directory loops'),
    });
  });
});
