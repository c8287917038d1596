import { describe, expect, it } from 'vitest';
import {
  citationTrail,
  SHORTCUTS,
  startTrail,
  stepTrail,
  trailLabel,
  viewerShortcut,
} from '../../../src/ui/passage-trail.ts';

const CITED = ['a/one.md#0', 'b/report.pdf#3', 'a/one.md#2', 'b/report.pdf#3'];

describe('passage trail', () => {
  it('starts at the opened passage and counts from one', () => {
    const trail = startTrail('citation', CITED, 2);
    expect(trail).toEqual({ kind: 'citation', chunkIds: CITED, index: 2 });
    expect(trailLabel(trail!)).toBe('Citation 3 of 4');
    expect(startTrail('citation', CITED, 3)?.index).toBe(3);
    expect(startTrail('result', CITED, 4)).toBeUndefined();
    expect(startTrail('result', CITED, -1)).toBeUndefined();
    expect(startTrail('result', [], 0)).toBeUndefined();
  });

  it('keeps its own copy of the list', () => {
    const ids = ['x#0', 'y#0'];
    const trail = startTrail('result', ids, 0);
    ids.push('z#0');
    expect(trail?.chunkIds).toEqual(['x#0', 'y#0']);
  });

  it('steps forward and back, across documents, and stops at either end', () => {
    let trail = startTrail('citation', CITED, 0)!;
    expect(stepTrail(trail, -1)).toBeUndefined();
    const visited = [trail.chunkIds[trail.index]];
    for (let next = stepTrail(trail, 1); next; next = stepTrail(trail, 1)) {
      trail = next;
      visited.push(trail.chunkIds[trail.index]);
    }
    expect(visited).toEqual(CITED);
    expect(trailLabel(trail)).toBe('Citation 4 of 4');
    expect(trailLabel(stepTrail(trail, -1)!)).toBe('Citation 3 of 4');
    expect(trailLabel(startTrail('result', ['r#1'], 0)!)).toBe('Result 1 of 1');
    expect(trailLabel(startTrail('file', ['a#0', 'b#0'], 1)!)).toBe('File 2 of 2');
  });
});

describe('citation trail', () => {
  const citations = [
    { number: 3, chunkId: 'c#0' },
    { number: 1, chunkId: 'a#0' },
    { number: 2, chunkId: 'a#0' },
  ];

  it('goes through the citations in number order, opened at the one clicked', () => {
    expect(citationTrail(citations, 2)).toEqual({
      kind: 'citation',
      chunkIds: ['a#0', 'a#0', 'c#0'],
      index: 1,
    });
    expect(citationTrail(citations, 3)?.index).toBe(2);
  });

  it('has no trail for a number the answer does not cite', () => {
    expect(citationTrail(citations, 4)).toBeUndefined();
    expect(citationTrail([], 1)).toBeUndefined();
  });
});

describe('viewer shortcuts', () => {
  const press = (
    key: string,
    modifiers: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey', boolean>> = {},
  ) => viewerShortcut({ key, altKey: false, ctrlKey: false, metaKey: false, ...modifiers });

  it('maps brackets to passages and arrows to pages', () => {
    expect(press('[')).toBe('previous-passage');
    expect(press(']')).toBe('next-passage');
    expect(press('ArrowLeft')).toBe('previous-page');
    expect(press('ArrowRight')).toBe('next-page');
    expect(press('a')).toBeUndefined();
  });

  it('leaves keys with Alt, Ctrl or Meta to the browser', () => {
    expect(press('ArrowLeft', { altKey: true })).toBeUndefined();
    expect(press(']', { ctrlKey: true })).toBeUndefined();
    expect(press('[', { metaKey: true })).toBeUndefined();
  });

  it('names the key each action listens to', () => {
    for (const [action, { key }] of Object.entries(SHORTCUTS)) {
      expect(press(key)).toBe(action);
    }
  });
});
