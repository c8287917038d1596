/**
 * The workers' network policy: a request may go to the app itself, to `blob:` and `data:` URLs,
 * and to the origins the settings allow (`allowedOrigins`). The settings are read again for every
 * request off the app's origin, so a changed setting applies at once, without a reload, in every
 * tab; requests to the app's own files read nothing.
 */
import { allowedOrigins, isLocalUrl, type NetworkSettings } from './allowed-origins.ts';
import { HostNotAllowedError } from './host-not-allowed-error.ts';

export type ReadNetworkSettings = () => Promise<NetworkSettings>;

export class NetworkPolicy {
  readonly #base: string;
  readonly #appOrigin: string;
  #readSettings: ReadNetworkSettings = () => Promise.resolve({});

  /** `location`: the worker's own URL; relative request URLs resolve against it. */
  constructor(location: string) {
    this.#base = location;
    this.#appOrigin = new URL(location).origin;
  }

  /** Where the settings come from from now on (until then, none: only the default hosts). */
  readSettingsWith(read: ReadNetworkSettings): void {
    this.#readSettings = read;
  }

  /**
   * Resolves when `url` may be fetched; throws `HostNotAllowedError` otherwise. `alsoAllowed`:
   * origins the user typed for one action (a connection test, a download from a URL not saved).
   */
  async check(url: string, alsoAllowed: readonly string[] = []): Promise<void> {
    const target = new URL(url, this.#base);
    if (isLocalUrl(target) || target.origin === this.#appOrigin) return;
    if (alsoAllowed.includes(target.origin)) return;
    const allowed = allowedOrigins(await this.#readSettings(), this.#appOrigin);
    if (!allowed.has(target.origin)) throw new HostNotAllowedError(target.host);
  }
}
