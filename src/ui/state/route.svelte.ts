export type View = 'ask' | 'library' | 'search' | 'models';

const VIEWS: readonly View[] = ['ask', 'library', 'search', 'models'];

function viewFromHash(hash: string): View | undefined {
  const name = hash.replace(/^#\/?/, '');
  return VIEWS.find((view) => view === name);
}

/**
 * The shown view, kept in the URL hash so reloads and the back button keep it. Without one in
 * the URL the app opens on the library until `openDefault` picks the main entry.
 */
export class RouteState {
  view = $state<View>(viewFromHash(location.hash) ?? 'library');

  constructor() {
    window.addEventListener(
      'hashchange',
      () => (this.view = viewFromHash(location.hash) ?? 'library'),
    );
  }

  go(view: View): void {
    if (this.view !== view) location.hash = `#/${view}`;
  }

  /** Shows `view` when the URL names none (the app's main entry), keeping the URL as it is. */
  openDefault(view: View): void {
    if (viewFromHash(location.hash) === undefined) this.view = view;
  }
}
