import { describe, expect, it } from 'vitest';
import { ANSWER_LINE_RULE } from '../../../../src/core/agents/refine/candidate.ts';
import { mergeNotes, refineAnchor } from '../../../../src/core/agents/refine/anchor-refiner.ts';
import {
  candidate,
  candidateBlocks,
  note,
  QUESTION,
  refineSetup,
  userText,
} from './refine-fixtures.ts';

const winterNote = note([3], 'Winter ice carries the drill rig [3].');
const iceNote = note([3, 4], 'The ice is 40 cm thick by January [4].');
const rigNote = note([3], 'The same rig note, found again [3].');
const anchor = candidate(1, 'Cores are drilled in winter [2].\nAnswer: in winter [2]', {
  notes: [winterNote],
  stage: 'correction',
});
const longReasoning = `${'The lake freezes and the ice bears weight. '.repeat(40)}That is why [2].`;
const references = [
  candidate(2, `${longReasoning}\nAnswer: because the ice bears the rig`, { notes: [rigNote] }),
  candidate(3, 'Because of funding.\nAnswer: funding', { notes: [iceNote] }),
];
const refined =
  'Cores are drilled in winter [2], when the ice bears the rig [3].\nAnswer: in winter [2]';

describe('refineAnchor', () => {
  it('refines the anchor against cut references and returns it with the merged notes', async () => {
    const { context, pool, engine, steps } = refineSetup([refined]);
    const result = await refineAnchor(context, {
      question: QUESTION,
      anchor,
      references,
      pool,
      initialCount: 2,
    });
    expect(steps('anchor-refine')[0]).toEqual({ anchor: 1, references: [2, 3] });
    expect(result).toMatchObject({
      id: 1,
      text: refined,
      answer: 'in winter',
      stage: 'refinement',
      notes: [winterNote, iceNote],
    });
    expect(steps('candidate-end')[0]).toMatchObject({
      candidate: 1,
      stage: 'refinement',
      answer: 'in winter',
      injections: 2,
    });
    const request = engine.calls[0];
    expect(request?.messages[0]?.content).toContain(ANSWER_LINE_RULE);
    const blocks = candidateBlocks(request!);
    expect(blocks.map(({ id }) => id)).toEqual([2, 3, 1]);
    // The long reference is cut at 1,200 characters, its Answer line kept.
    expect(blocks[0]?.body.length).toBeLessThanOrEqual(1200);
    expect(blocks[0]?.body).toMatch(/ \[…\]\nAnswer: because the ice bears the rig$/);
    expect(blocks[2]?.body).toBe(anchor.text);
    const prompt = userText(request);
    expect(prompt).toContain('Improve the anchor, candidate 1');
    expect(prompt.match(/<note /g)).toHaveLength(2);
  });

  it('keeps the anchor on a malformed rewrite', async () => {
    const { context, pool, steps } = refineSetup(['I would merge them.']);
    const result = await refineAnchor(context, {
      question: QUESTION,
      anchor,
      references,
      pool,
      initialCount: 2,
    });
    expect(result).toBe(anchor);
    expect(steps('candidate-keep')[0]).toEqual({
      candidate: 1,
      stage: 'refinement',
      reason: 'malformed',
    });
  });

  it('rejects with the AbortError when the run is stopped', async () => {
    const controller = new AbortController();
    const { context, pool } = refineSetup(
      [
        () => {
          controller.abort();
          return refined;
        },
      ],
      { signal: controller.signal },
    );
    await expect(
      refineAnchor(context, { question: QUESTION, anchor, references, pool, initialCount: 2 }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('mergeNotes', () => {
  it('shows a note once its passages are not all covered by earlier notes', () => {
    const untitled = note([], 'A note without passages.');
    const merged = mergeNotes([
      candidate(1, 'a', { notes: [winterNote, untitled] }),
      candidate(2, 'b', { notes: [rigNote, iceNote, { ...untitled }] }),
    ]);
    expect(merged).toEqual([winterNote, untitled, iceNote]);
  });
});
