/**
 * The passages the viewer can step through: an answer's citations in their order, a search's
 * results, or the files of a collection's contents list (each at its first passage). Plain data and functions; `ViewerState` keeps the current trail.
 */

export type TrailKind = 'citation' | 'result' | 'file';

export interface PassageTrail {
  kind: TrailKind;
  chunkIds: readonly string[];
  /** The position of the open passage in `chunkIds`. */
  index: number;
}

/** What the viewer's keys do (see `viewerShortcut`). */
export type ViewerShortcut = 'previous-passage' | 'next-passage' | 'previous-page' | 'next-page';

/** Each action's key (a `KeyboardEvent.key`, also for `aria-keyshortcuts`) and how it is shown. */
export const SHORTCUTS: Record<ViewerShortcut, { key: string; label: string }> = {
  'previous-passage': { key: '[', label: '[' },
  'next-passage': { key: ']', label: ']' },
  'previous-page': { key: 'ArrowLeft', label: '←' },
  'next-page': { key: 'ArrowRight', label: '→' },
};

/** The trail of `chunkIds` opened at position `index`; none when there is no such position. */
export function startTrail(
  kind: TrailKind,
  chunkIds: readonly string[],
  index: number,
): PassageTrail | undefined {
  return Number.isInteger(index) && index >= 0 && index < chunkIds.length
    ? { kind, chunkIds: [...chunkIds], index }
    : undefined;
}

/** The trail through an answer's citations in number order, opened at `[number]`. */
export function citationTrail(
  citations: readonly { number: number; chunkId: string }[],
  number: number,
): PassageTrail | undefined {
  const cited = [...citations].sort((left, right) => left.number - right.number);
  const chunkIds = cited.map((citation) => citation.chunkId);
  return startTrail(
    'citation',
    chunkIds,
    cited.findIndex((citation) => citation.number === number),
  );
}

/** The trail moved by `step` passages; undefined past either end. */
export function stepTrail(trail: PassageTrail, step: -1 | 1): PassageTrail | undefined {
  const index = trail.index + step;
  return index >= 0 && index < trail.chunkIds.length ? { ...trail, index } : undefined;
}

/** "Citation 2 of 4", "Result 3 of 10", "File 1 of 25": a trail's kind is its noun. */
export function trailLabel(trail: PassageTrail): string {
  const noun = `${trail.kind.charAt(0).toUpperCase()}${trail.kind.slice(1)}`;
  return `${noun} ${trail.index + 1} of ${trail.chunkIds.length}`;
}

/** The viewer's action for a key press; none with a modifier other than Shift, or another key. */
export function viewerShortcut(event: {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}): ViewerShortcut | undefined {
  if (event.altKey || event.ctrlKey || event.metaKey) return undefined;
  const actions = Object.keys(SHORTCUTS) as ViewerShortcut[];
  return actions.find((action) => SHORTCUTS[action].key === event.key);
}
