import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as strategies from '../../../src/core/pipeline/strategies/index.ts';
import { FILES, folder, openLibrary } from './library-fixtures.ts';

/** The real strategies, with their calls recorded: what the service builds them with. */
vi.mock('../../../src/core/pipeline/strategies/index.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof strategies>();
  return { ...actual, defaultStrategies: vi.fn(actual.defaultStrategies) };
});

const defaultStrategies = vi.mocked(strategies.defaultStrategies);

async function ask(request: { competitors?: 1 | 2 | 3; thoroughCandidates?: 1 | 2 | 3 }) {
  const library = openLibrary();
  await library.syncFolder(
    { jobId: 'sync', folder: { kind: 'files', files: folder(FILES) } },
    () => undefined,
  );
  return library.questions.ask(
    { jobId: 'ask', question: 'What ate the basil?', strategy: 'thorough', ...request },
    () => undefined,
    () => undefined,
  );
}

describe('the options of a question reach the strategies', () => {
  beforeEach(() => defaultStrategies.mockClear());

  it('builds thorough mode with the chosen number of candidates', async () => {
    await ask({ competitors: 2, thoroughCandidates: 3 });
    expect(defaultStrategies).toHaveBeenCalledTimes(1);
    expect(defaultStrategies.mock.calls[0]?.[0]).toStrictEqual({
      competitors: 2,
      thorough: { candidates: 3 },
    });
  });

  it("leaves thorough mode's own default when no number of candidates is given", async () => {
    await ask({});
    expect(defaultStrategies.mock.calls[0]?.[0]).toStrictEqual({ competitors: 1 });
  });
});
