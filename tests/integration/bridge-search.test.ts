/**
 * The second hop through bridge entities on real adapters (`LibraryRetriever` with `bridge`): a
 * small folder where the passage that answers a two-step question shares no word with it and is
 * reached through a name that the first hop's best passage mentions.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryRetriever } from '../../src/app/library-retriever.ts';
import { MemoryStore } from '../../src/adapters/store/memory-store.ts';
import { chooseVectorIndex } from '../../src/adapters/vector/index.ts';
import { LibrarySearch } from '../../src/core/retrieval/library-search.ts';
import { createEmbedder } from '../../scripts/node-embedder.ts';
import { ingestFixtureCollection } from '../support/fixture-collection.ts';

const DOCUMENTS: Record<string, string> = {
  'mira-castellan.md':
    '# Mira Castellan\n\nMira Castellan is a Portuguese painter. In 2004 she married the ' +
    'conductor Tobias Wendt.',
  'tobias-wendt.md': '# Tobias Wendt\n\nTobias Wendt led the Halvorsen Philharmonic from 1998.',
  'castellan-family.md':
    '# Castellan family\n\nThe Castellan family were wine merchants; husband and wife ran it.',
  'orchestra.md': '# Orchestra\n\nAn orchestra is a large ensemble; a conductor directs it.',
  'conducting.md': '# Conducting\n\nTo conduct an orchestra is to direct it with a baton.',
  'orchestra-seating.md': '# Orchestra seating\n\nWhich seats does an orchestra use? Strings.',
  'marriage.md': '# Marriage\n\nA husband and a wife exchange rings in many customs.',
  'painters.md': '# Painters of Portugal\n\nPortuguese painters of the last century.',
};

const QUESTION = 'Which orchestra did the husband of Mira Castellan conduct?';

let folder: string;
let retriever: LibraryRetriever;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'archivist-bridge-'));
  for (const [name, text] of Object.entries(DOCUMENTS)) await writeFile(join(folder, name), text);
  const embedder = await createEmbedder();
  const store = new MemoryStore();
  await ingestFixtureCollection(store, 'people', embedder, folder);
  retriever = new LibraryRetriever(
    new LibrarySearch(store, async () => embedder, chooseVectorIndex),
  );
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('LibraryRetriever with bridge', () => {
  it('finds the passage behind the bridge entity and keeps the first hop on top', async () => {
    const plain = await retriever.search(QUESTION, { k: 5 });
    const bridged = await retriever.search(QUESTION, { k: 5, bridge: true });
    expect(plain.map((passage) => passage.path)).not.toContain('tobias-wendt.md');
    expect(bridged.map((passage) => passage.path)).toContain('tobias-wendt.md');
    expect(bridged[0]!.id).toBe(plain[0]!.id);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(
      retriever.search(QUESTION, { k: 5, bridge: true, signal: controller.signal }),
    ).rejects.toThrow('stopped');
  });
});
