/**
 * Puts the network policy between a worker and the network: the worker's global `fetch` and the
 * Cache API's `add` and `addAll` (which fetch by themselves; web-llm fills its model cache with
 * `add`) check every URL first, and a refused request fails with `HostNotAllowedError` without
 * being sent. Libraries that keep their own reference to `fetch` (transformers.js takes one when
 * it is first imported) must be imported after `installNetworkGuard` runs: see
 * `worker-network-guard.ts`.
 */
import { originOf } from './allowed-origins.ts';
import { NetworkPolicy } from './network-policy.ts';

/** `fetch` that may also reach the hosts of `urls`, which the user named for one action. */
export type FetchAlsoTo = (urls: readonly (string | undefined)[]) => typeof fetch;

/** The parts of a worker's global scope the guard replaces or reads. */
export interface GuardedScope {
  fetch: typeof fetch;
  location: { href: string };
  Cache?: { prototype: Pick<Cache, 'add' | 'addAll'> };
}

export interface NetworkGuard {
  readonly policy: NetworkPolicy;
  /**
   * A connection test of a server not yet saved, or a download from a custom URL not yet saved:
   * the user typed the host, so this one action may reach it.
   */
  readonly fetchAlsoTo: FetchAlsoTo;
}

export function installNetworkGuard(scope: GuardedScope): NetworkGuard {
  const policy = new NetworkPolicy(scope.location.href);
  const unguarded = scope.fetch.bind(scope);
  const guardedFetch =
    (alsoAllowed: readonly string[]): typeof fetch =>
    async (input, init) => {
      await policy.check(requestUrl(input), alsoAllowed);
      return unguarded(input, init);
    };
  scope.fetch = guardedFetch([]);
  const cache = scope.Cache?.prototype;
  if (cache) {
    const { add, addAll } = cache;
    cache.add = async function (this: Cache, request: RequestInfo | URL) {
      await policy.check(requestUrl(request));
      return add.call(this, request);
    };
    cache.addAll = async function (this: Cache, requests: Iterable<RequestInfo>) {
      const list = [...requests];
      await Promise.all(list.map((request) => policy.check(requestUrl(request))));
      return addAll.call(this, list);
    };
  }
  return {
    policy,
    fetchAlsoTo: (urls) => guardedFetch(urls.flatMap((url) => originOf(url) ?? [])),
  };
}

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}
