/**
 * The one Content-Security-Policy and its copies: index.html's `<meta>` is the page policy, and
 * public/_headers sends the header policy for every path, as `vite preview` does (checked in
 * tests/e2e/network-policy.test.ts).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  HEADER_POLICY,
  PAGE_POLICY,
} from '../../../src/adapters/network/content-security-policy.ts';

const root = resolve(import.meta.dirname, '../../..');

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('the Content-Security-Policy', () => {
  it('is index.html’s meta policy, word for word', async () => {
    const html = await readFile(resolve(root, 'index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBe(PAGE_POLICY);
  });

  it('is sent for every path by public/_headers', async () => {
    const headers = await readFile(resolve(root, 'public/_headers'), 'utf8');
    const rules = headers.split('\n').filter((line) => !line.startsWith('#'));
    expect(rules).toEqual(['/*', `  Content-Security-Policy: ${HEADER_POLICY}`, '']);
  });

  it('lets the page reach only its own origin and run no WebAssembly, eval or blob: script', () => {
    const page = directives(PAGE_POLICY);
    expect(page.get('connect-src')).toEqual(["'self'"]);
    expect(page.get('script-src')).toEqual(["'self'"]);
    expect(page.get('worker-src')).toEqual(["'self'"]);
    for (const name of ['object-src', 'frame-src', 'media-src', 'form-action']) {
      expect(page.get(name), name).toEqual(["'none'"]);
    }
  });

  it('lets workers reach https hosts and this machine, and nothing over plain http elsewhere', () => {
    const header = directives(HEADER_POLICY);
    expect(header.get('connect-src')).toEqual([
      "'self'",
      'blob:',
      'data:',
      'https:',
      'http://localhost:*',
      'http://127.0.0.1:*',
    ]);
    expect(header.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'blob:']);
    expect(header.get('frame-ancestors')).toEqual(["'none'"]);
    // Apart from what the workers need, the header is the page's policy.
    const page = directives(PAGE_POLICY);
    const shared = [...page.keys()].filter((name) => !['connect-src', 'script-src'].includes(name));
    for (const name of shared) expect(header.get(name), name).toEqual(page.get(name));
  });
});
