/**
 * The app's own updates, through its service worker: when a new version has been downloaded the
 * user is asked before it replaces the running one (a reload mid-answer or mid-sync would lose
 * work), and told once when the app has been stored for offline use.
 */

/** What the service worker registration reports (vite-plugin-pwa's `registerSW`). */
export interface UpdateRegistration {
  onNeedRefresh: () => void;
  onOfflineReady: () => void;
  onRegisterError: (error: unknown) => void;
}

/** Registers the service worker; returns the function that activates a waiting update. */
export type RegisterServiceWorker = (
  callbacks: UpdateRegistration,
) => (reloadPage?: boolean) => Promise<void>;

export class AppUpdateState {
  /** A new version is waiting for the user's go-ahead. */
  updateReady = $state(false);
  /** The app was stored for offline use (first visit); cleared once the user dismisses it. */
  offlineReady = $state(false);
  /** Set when the service worker could not be registered (the app still runs, online only). */
  registerError = $state<string | undefined>(undefined);
  updating = $state(false);
  private activate: ((reloadPage?: boolean) => Promise<void>) | undefined;

  start(register: RegisterServiceWorker): void {
    this.activate = register({
      onNeedRefresh: () => (this.updateReady = true),
      onOfflineReady: () => (this.offlineReady = true),
      onRegisterError: (error) =>
        (this.registerError = `Offline use is not available: ${error instanceof Error ? error.message : String(error)}`),
    });
  }

  /** Replaces the running version with the new one and reloads the page. */
  async update(): Promise<void> {
    if (!this.activate || this.updating) return;
    this.updating = true;
    try {
      await this.activate(true);
    } finally {
      this.updating = false;
    }
  }

  /** Keeps the running version until the next visit. */
  postpone(): void {
    this.updateReady = false;
  }

  /** Dismisses the offline notice (stored, or not available). */
  dismissOfflineNotice(): void {
    this.offlineReady = false;
    this.registerError = undefined;
  }
}
