import type { KeywordBase, KeywordVocabulary } from '../ports/lexical-index.ts';
import type { KeywordBaseReader } from '../ports/store.ts';
import {
  BASE_HEADER_BYTES,
  baseLayout,
  checkingLists,
  decodeVocabulary,
  type BaseLayout,
} from './keyword-base-format.ts';
import { runGivingWay } from '../time-slices.ts';
import { aligned, KeywordIndexDamagedError } from './keyword-segment-format.ts';
import { ListsOnDemandIndex } from './lists-on-demand-index.ts';
import type { StoredLists } from './pending-lists.ts';

/**
 * Pairs read at a time when all the lists come in behind (8 MB): at 501,588 chunks their 140 MB
 * read in one piece held the worker about half a second as it arrived, a search meanwhile with it.
 */
const PAIRS_READ_PER_STEP = 1 << 21;

/**
 * Lists read behind in more steps than this wait for pauses in searching (the index's `pause`):
 * at 501,588 chunks (18 steps) read straight they made searches typed back to back take 150-460 ms
 * for 2 s, and 71-272 ms waiting; at 50,159 (2 steps) they are in after a search or two, and
 * waiting left such searches reading their own lists, 45-51 ms at p50 instead of 25-32.
 */
const STEPS_READ_WITHOUT_PAUSE = 4;

/**
 * The collection's keyword index from its stored base read by range (decision 0031): its
 * vocabulary now, a query's lists as searches need them, all of them behind. `undefined` when the
 * base is of an older format, does not hold the collection's chunk count, or its vocabulary cannot
 * be read (the caller then reads the index whole, which rebuilds or rewrites it). Should its lists
 * turn out damaged, `rebuild` gives the base built anew (and stores it).
 */
export async function openListsOnDemand(
  reader: KeywordBaseReader,
  rebuild: () => Promise<KeywordBase>,
  giveWay: () => Promise<void>,
): Promise<ListsOnDemandIndex | undefined> {
  const bytesAt = baseBytes(reader);
  try {
    const header = await bytesAt(0, BASE_HEADER_BYTES);
    const layout = header && baseLayout(header, reader.size);
    if (!layout || layout.documents !== reader.chunkCount) return undefined;
    const [head, tail] = await Promise.all([
      bytesAt(0, layout.pairsStart),
      bytesAt(layout.pairsEnd, reader.size),
    ]);
    if (!head || !tail) return undefined;
    const vocabulary = decodeVocabulary(aligned(head), aligned(tail), layout);
    return new ListsOnDemandIndex(
      vocabulary,
      storedLists(reader, layout, vocabulary, rebuild, giveWay),
    );
  } catch (error) {
    if (error instanceof KeywordIndexDamagedError) return undefined;
    throw error;
  }
}

/**
 * Bytes `start` to `end` of the reader's base: views of the bytes it holds in memory, if it does
 * (no copy), else a read.
 */
function baseBytes(reader: KeywordBaseReader) {
  const { held } = reader;
  return async (start: number, end: number): Promise<Uint8Array | undefined> =>
    held ? held.subarray(start, end) : reader.read(start, end);
}

function storedLists(
  reader: KeywordBaseReader,
  layout: BaseLayout,
  vocabulary: KeywordVocabulary,
  rebuild: () => Promise<KeywordBase>,
  giveWay: () => Promise<void>,
): StoredLists {
  const bytesAt = baseBytes(reader);
  const held = reader.held !== undefined;
  const readPairs = async (start: number, end: number) => {
    const bytes = await bytesAt(layout.pairsStart + start * 4, layout.pairsStart + end * 4);
    return bytes && pairsOf(bytes); // a copy only should they not start at a multiple of 4
  };
  /** The pairs read behind so far, while they are checked: a search's lists are taken from them. */
  const behind = { pairs: new Uint32Array(0), read: 0 };
  return {
    read: async (start, end) =>
      end <= behind.read ? behind.pairs.subarray(start, end) : readPairs(start, end),
    async complete(pause) {
      // Lists in memory share no disk with searches: no pauses.
      const pausing = !held && readBehindPauses(layout.pairCount);
      const step = async () => {
        await giveWay();
        if (pausing) await pause();
      };
      try {
        const pairs = held
          ? await readPairs(0, layout.pairCount)
          : await readAllPairs(readPairs, layout.pairCount, step, behind);
        if (pairs?.length !== layout.pairCount) {
          throw new KeywordIndexDamagedError('the posting lists cannot be read');
        }
        const { holders, largeFrequencies, ids } = vocabulary;
        const lists = { holders, pairs };
        await runGivingWay(checkingLists(lists, ids.length, largeFrequencies), step);
        return { pairs };
      } catch (error) {
        // Damaged or unread, they are nobody's lists: let them go (the index keeps only its own).
        Object.assign(behind, { pairs: new Uint32Array(0), read: 0 });
        if (!(error instanceof KeywordIndexDamagedError)) throw error;
        return { rebuilt: await rebuild() };
      }
    },
  };
}

/** Whether the read of `pairCount` pairs behind waits for pauses in searching. */
export function readBehindPauses(pairCount: number): boolean {
  return pairCount > STEPS_READ_WITHOUT_PAUSE * PAIRS_READ_PER_STEP;
}

/**
 * All `count` pairs, read a step at a time, each after `giveWay`; `progress` holds them and how
 * many are read so far.
 */
async function readAllPairs(
  readPairs: (start: number, end: number) => Promise<Uint32Array | undefined>,
  count: number,
  giveWay: () => Promise<void>,
  progress: { pairs: Uint32Array; read: number },
): Promise<Uint32Array> {
  const pairs = new Uint32Array(count);
  progress.pairs = pairs;
  for (let start = 0; start < count; start += PAIRS_READ_PER_STEP) {
    await giveWay();
    const end = Math.min(count, start + PAIRS_READ_PER_STEP);
    const part = await readPairs(start, end);
    if (part?.length !== end - start) {
      throw new KeywordIndexDamagedError('the posting lists cannot be read');
    }
    pairs.set(part, start);
    progress.read = end;
  }
  return pairs;
}

function pairsOf(bytes: Uint8Array): Uint32Array {
  const at = aligned(bytes);
  return new Uint32Array(at.buffer, at.byteOffset, Math.floor(at.byteLength / 4));
}
