import { describe, expect, it } from 'vitest';
import { ABLATIONS, thoroughFlags } from '../../../../scripts/eval/thorough-flags.ts';

describe('thorough eval flags', () => {
  it('turns the switches into thorough options and leaves the rest at their defaults', () => {
    expect(thoroughFlags({})).toEqual({});
    expect(
      thoroughFlags({
        candidates: '3',
        'thorough-retrieval': 'explicit',
        'no-hsr': true,
        'no-qair': true,
      }),
    ).toEqual({ candidates: 3, retrieval: 'explicit', hsr: false, qair: false });
  });

  it('refuses a candidate count or retrieval it does not know', () => {
    expect(() => thoroughFlags({ candidates: '4' })).toThrow('--candidates must be 1, 2 or 3.');
    expect(() => thoroughFlags({ 'thorough-retrieval': 'always' })).toThrow(
      '--thorough-retrieval must be one of monitor, explicit, off.',
    );
  });

  it('compares the full mode with one component changed at a time', () => {
    expect(ABLATIONS.map(({ name }) => name)).toEqual([
      'full',
      'monitor off',
      'explicit retrieval',
      'no HSR',
      'no QAIR',
    ]);
    for (const { options } of ABLATIONS.slice(1)) expect(Object.keys(options)).toHaveLength(1);
  });
});
