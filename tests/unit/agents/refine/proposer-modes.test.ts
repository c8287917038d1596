import { describe, expect, it } from 'vitest';
import { ExtractiveEngine } from '../../../../src/adapters/engines/extractive-engine.ts';
import type { ScriptedResponse } from '../../../../src/adapters/engines/scripted-engine.ts';
import {
  parseProposalText,
  proposeCandidate,
} from '../../../../src/core/agents/refine/proposer.ts';
import { FOUND, HEDGED, plain, proposerSetup, QUESTION } from './proposer-fixtures.ts';

const PROPOSAL = `${plain(150)}${HEDGED}${plain(600)}\nAnswer: the ice is firm`;
const CHECK = JSON.stringify({ gap: true, span: HEDGED.trim() });
const QUERIES = JSON.stringify({ queries: ['winter ice drilling'] });
const NOTE = 'Winter ice carries the drilling rig [1].';
const CONTINUATION = 'Winter ice carries the rig [3].\nAnswer: the ice carries the rig';

describe('proposeCandidate when the run is stopped', () => {
  type Stage = 'stream' | 'monitor' | 'querier' | 'retrieval' | 'injector' | 'continuation';
  const replies = [PROPOSAL, CHECK, QUERIES, NOTE, CONTINUATION];
  const stageCall: Record<Exclude<Stage, 'retrieval'>, number> = {
    stream: 0,
    monitor: 1,
    querier: 2,
    injector: 3,
    continuation: 4,
  };

  it.each<Stage>(['stream', 'monitor', 'querier', 'retrieval', 'injector', 'continuation'])(
    'rejects with the AbortError when stopped during the %s',
    async (stage) => {
      const controller = new AbortController();
      const responses: ScriptedResponse[] = replies.map((reply, index) =>
        stage !== 'retrieval' && stageCall[stage] === index
          ? () => {
              controller.abort();
              return reply;
            }
          : reply,
      );
      const { context, input, retriever, engine } = proposerSetup(responses, {
        signal: controller.signal,
      });
      if (stage === 'retrieval') retriever.onSearch = () => controller.abort();
      const stopped = proposeCandidate(context, input());
      await expect(stopped).rejects.toBeInstanceOf(DOMException);
      await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
      const expectedCalls = stage === 'retrieval' ? 3 : stageCall[stage] + 1;
      expect(engine.calls).toHaveLength(expectedCalls);
    },
  );
});

describe('proposeCandidate with explicit retrieval', () => {
  it('searches the querier queries first and lists the raw hits as notes, with no monitor', async () => {
    const { engine, calls, steps, context, input, retriever } = proposerSetup([
      JSON.stringify({ queries: ['winter ice rig', 'summer boat'] }),
      PROPOSAL,
    ]);
    const candidate = await proposeCandidate(context, input({ retrieval: 'explicit' }));
    expect(calls()).toEqual(['querier', 'proposer']);
    expect(engine.calls[0]?.messages[1]?.content).toContain(QUESTION);
    expect(retriever.searches.map(({ query }) => query)).toEqual(['winter ice rig', 'summer boat']);
    expect(steps('retrieval-explicit')[0]).toEqual({
      candidate: 1,
      queries: ['winter ice rig', 'summer boat'],
      passages: [3, 4],
    });
    const prompt = engine.calls[1]?.messages[1]?.content ?? '';
    expect(prompt).toContain(`<note passages="3">\n${FOUND[0]?.text}\n</note>`);
    expect(prompt).toContain(`<note passages="4">\n${FOUND[1]?.text}\n</note>`);
    expect(steps('monitor-check')).toEqual([]);
    expect(candidate.notes.map(({ passageNumbers }) => passageNumbers)).toEqual([[3], [4]]);
    expect(candidate.text).toBe(PROPOSAL);
    expect(steps('candidate-end')[0]).toMatchObject({ injections: 0 });
  });

  it('makes its queries without a call when the budget keeps nothing to spare', async () => {
    const { calls, steps, context, input } = proposerSetup([PROPOSAL], {
      budget: { maxLlmCalls: 4 },
    });
    await proposeCandidate(context, input({ retrieval: 'explicit' }, { reserveCalls: 3 }));
    expect(calls()).toEqual(['proposer']);
    expect(steps('query-write')[0]).toMatchObject({ decidedBy: 'fallback' });
  });
});

describe('proposeCandidate without retrieval', () => {
  it('writes the candidate in one call, hedges and all', async () => {
    const { calls, context, input, retriever } = proposerSetup([PROPOSAL]);
    const candidate = await proposeCandidate(context, input({ retrieval: 'off' }));
    expect(calls()).toEqual(['proposer']);
    expect(retriever.searches).toEqual([]);
    expect(candidate).toMatchObject({ id: 1, answer: 'the ice is firm', notes: [] });
  });
});

describe('proposeCandidate with the extractive engine', () => {
  it('takes the bold answer span as the answer', async () => {
    const { context, input, steps } = proposerSetup([], {
      engine: new ExtractiveEngine({ threshold: 0 }),
    });
    const candidate = await proposeCandidate(
      { ...context, question: 'Who is the director of the station?' },
      input({}, { question: 'Who is the director of the station?' }),
    );
    const span = /^\*\*(.+?)\*\* \[1\]/.exec(candidate.text)?.[1];
    expect(span).toBeTruthy();
    expect(candidate.answer).toBe(span);
    expect(steps('candidate-end')[0]).toMatchObject({ answer: candidate.answer });
  });
});

describe('parseProposalText', () => {
  it('reads the Answer line, else a leading bold span', () => {
    expect(parseProposalText('Because of ice [1].\nAnswer: ice').answer).toBe('ice');
    expect(parseProposalText('**Dr. Ingrid Solberg** [1]\n\n> Its director is …').answer).toBe(
      'Dr. Ingrid Solberg',
    );
    expect(parseProposalText('**A\\*B** [1]').answer).toBe('A*B');
    expect(parseProposalText('**Solberg** [1]\nAnswer: unknown').answer).toBeNull();
    expect(parseProposalText('No bold here.').answer).toBeNull();
  });
});
