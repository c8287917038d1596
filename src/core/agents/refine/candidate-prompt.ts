/**
 * How candidates and evidence notes appear inside prompts: as delimited data blocks, their angle
 * brackets neutralised like passage text (a candidate is model output built from untrusted
 * documents), with notes naming the pool numbers they may be cited by.
 */
import { neutralisePassageText } from '../../llm/prompt-fit.ts';
import type { Candidate, InjectedNote } from './candidate.ts';

const CUT_MARK = ' […]';

/** The notes as one context section, or '' when there are none. */
export function renderNotes(notes: readonly InjectedNote[]): string {
  if (notes.length === 0) return '';
  const blocks = notes.map(
    (note) =>
      `<note passages="${note.passageNumbers.join(', ')}">\n${neutralisePassageText(note.text)}\n</note>`,
  );
  return [
    'Evidence notes found in the documents while answering; cite them by the passage numbers they give:',
    ...blocks,
  ].join('\n');
}

/**
 * One candidate as a block; a text longer than `maxCharacters` is cut at a word before it, and
 * its `Answer:` line is kept so that the cut candidate still says what it answers.
 */
export function renderCandidate(candidate: Candidate, maxCharacters = Infinity): string {
  const answerLine = `Answer: ${candidate.answer ?? 'unknown'}`;
  let body = candidate.text.trim();
  if (body.length > maxCharacters) {
    const room = Math.max(0, maxCharacters - answerLine.length - CUT_MARK.length - 1);
    const cut = candidate.reasoning.slice(0, room).replace(/\s+\S*$/, '');
    body = `${cut}${CUT_MARK}\n${answerLine}`;
  }
  return `<candidate id="${candidate.id}">\n${neutralisePassageText(body)}\n</candidate>`;
}
