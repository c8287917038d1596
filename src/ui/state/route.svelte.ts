export type View = 'library' | 'search';

const VIEWS: readonly View[] = ['library', 'search'];

function viewFromHash(hash: string): View {
  const name = hash.replace(/^#\/?/, '');
  return VIEWS.find((view) => view === name) ?? 'library';
}

/** The shown view, kept in the URL hash so reloads and the back button keep it. */
export class RouteState {
  view = $state<View>(viewFromHash(location.hash));

  constructor() {
    window.addEventListener('hashchange', () => (this.view = viewFromHash(location.hash)));
  }

  go(view: View): void {
    if (this.view !== view) location.hash = `#/${view}`;
  }
}
