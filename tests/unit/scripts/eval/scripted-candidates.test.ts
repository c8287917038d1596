import { describe, expect, it } from 'vitest';
import {
  SCRIPTED_HEDGE,
  scriptedCandidate,
  scriptedQueries,
  scriptedScores,
  writesCandidate,
} from '../../../../scripts/eval/scripted-candidates.ts';
import {
  ANSWER_LINE_RULE,
  parseCandidateText,
} from '../../../../src/core/agents/refine/candidate.ts';
import type { ChatMessage } from '../../../../src/core/ports/chat-engine.ts';

const SENTENCE = 'The Lake Varnholm station sits at 312 metres.';

function proposal(question: string): ChatMessage[] {
  return [
    { role: 'system', content: `You propose answers.\n${ANSWER_LINE_RULE}` },
    {
      role: 'user',
      content: `Passages:\n<passage id="1">\n${SENTENCE}\n</passage>\n\nQuestion: ${question}`,
    },
  ];
}

/** Questions whose proposals do and do not hedge (the choice follows the question's hash). */
function questionsByHedge(): { hedged: string; plain: string } {
  const questions = Array.from({ length: 20 }, (_, index) => `How high is station ${index}?`);
  const hedges = (question: string) =>
    scriptedCandidate(proposal(question), SENTENCE).includes(SCRIPTED_HEDGE);
  const hedged = questions.find(hedges);
  const plain = questions.find((question) => !hedges(question));
  if (!hedged || !plain) throw new Error('Expected both kinds among 20 questions.');
  return { hedged, plain };
}

describe('scripted thorough replies', () => {
  it('recognises candidate-writing requests by the Answer-line rule', () => {
    expect(writesCandidate(proposal('Q?'))).toBe(true);
    expect(writesCandidate([{ role: 'system', content: 'You route questions.' }])).toBe(false);
  });

  it('proposes a candidate that quotes passage 1, hedges early for some questions and ends with an Answer line', () => {
    const { hedged, plain } = questionsByHedge();
    const text = scriptedCandidate(proposal(hedged), SENTENCE);
    expect(text.indexOf(SCRIPTED_HEDGE)).toBeLessThan(512 - SCRIPTED_HEDGE.length);
    // Longer than one monitor window, so the first window completes while the reply streams.
    expect(text.length).toBeGreaterThan(512 + 32);
    expect(parseCandidateText(text).answer).toBe('The Lake Varnholm station sits at 312 metres');
    expect(scriptedCandidate(proposal(plain), SENTENCE)).not.toContain(SCRIPTED_HEDGE);
  });

  it('corrects a given candidate without its hedge and with a changed text', () => {
    const given = `Passage 1 says so [1]. ${SCRIPTED_HEDGE} More.\nAnswer: 312 metres`;
    const messages = proposal('How high?');
    messages[1] = {
      role: 'user',
      content: `${messages[1]?.content}\n<candidate id="1">\n${given}\n</candidate>`,
    };
    const corrected = scriptedCandidate(messages, SENTENCE);
    expect(corrected).not.toContain(SCRIPTED_HEDGE);
    expect(corrected).not.toBe(given);
    expect(parseCandidateText(corrected).answer).toBe('312 metres');
  });

  it('continues a partial answer citing the newest note', () => {
    const messages: ChatMessage[] = [
      ...proposal('How high?').map((message) =>
        message.role === 'user'
          ? {
              ...message,
              content: `${message.content}\n<note passages="9, 10">\nA note [9].\n</note>`,
            }
          : message,
      ),
      { role: 'assistant', content: 'Passage 1 says' },
      { role: 'user', content: 'Continue your answer exactly where it stops.' },
    ];
    expect(scriptedCandidate(messages, SENTENCE)).toMatch(/\[9\]\.\nAnswer: /);
  });

  it('scores answers 2 to 4 by the candidate text, logic and explanation 3', () => {
    const answers = new Set(
      Array.from({ length: 30 }, (_, index) => {
        const scores = scriptedScores(`<candidate id="1">\nText ${index}\n</candidate>`);
        expect(scores.logicScore).toBe(3);
        expect(scores.explanationScore).toBe(3);
        return scores.answerScore;
      }),
    );
    expect([...answers].sort()).toEqual([2, 3, 4]);
  });

  it('writes keyword queries from the question past its question word', () => {
    expect(scriptedQueries('How long did the migration to schema version 3 take?')).toEqual([
      'the migration to schema version 3 take',
      'migration',
    ]);
  });
});
