import { describe, expect, it } from 'vitest';
import {
  dependsOnPreviousTurn,
  followUpDependence,
} from '../../../src/core/agents/follow-up-dependence.ts';

/** Questions that cannot stand alone: without the previous turn they name nothing to search for. */
const DEPENDENT = [
  // A third-person pronoun or a demonstrative without its noun.
  'When was he born?',
  'Where is it?',
  'What did they do next?',
  'Who directed that?',
  'And this one?',
  'Is that true?',
  'Is it true?',
  'Who shot him?',
  'Why did Brutus kill him?',
  'Did Einstein ever meet her?',
  'What company makes it?',
  'What did critics say about him?',
  'How did the public react to it?',
  'What was the name of his dog?',
  'What was its purpose?',
  'What year did it end?',
  'Which country is it in?',
  'Is it used to make bread?',
  'How long did it take?',
  'What is it about?',
  'When was that station founded?',
  'Who wrote that book?',
  'How many people live there?',
  'Which of them is older?',
  // Ellipsis and fragments.
  'And in 1990?',
  'What about Paris?',
  'How about the second one?',
  'And the other?',
  'Why?',
  'How so?',
  'Which one?',
  'What year?',
  'Who else?',
  'Tell me more.',
  'In what year?',
  'For how long?',
  'How many were killed?',
  // A leading connective.
  'And when was it drilled?',
  'Also, who funded the station?',
  'Then what happened?',
  'But why did the expedition fail?',
  // Comparatives, ordinals and adverbs pointing back.
  'Is the second one older?',
  'Are they the same?',
  'Was the population the same in 1900?',
  'Which was the former?',
  'What about the latter?',
  'Who was the previous one?',
  'Who was king at the time?',
  'What happened after that?',
  'What happened next?',
  'Was Paris bombed too?',
];

/** Questions that name their own subject, pronouns referring inside them included. */
const STANDALONE = [
  'Who shot James A. Garfield?',
  'When was Exequiel Ezcurra born?',
  'What did Marie Curie discover in her lab?',
  'Which band released Counterparts, and who was its drummer?',
  'What is it that makes a bridge stable?',
  'Is it true that water boils at 100 degrees at sea level?',
  'What is it about jazz that people love?',
  'Does it rain a lot in Seattle?',
  'What time is it in Tokyo?',
  'How long does it take to bake sourdough bread?',
  'Is it possible to travel faster than light?',
  'How is it that birds can fly?',
  'Why do cats purr when they are happy?',
  'How do bees make their honey?',
  'Who invented the telephone, and when was it patented?',
  'Why did the company change its name in 1990?',
  'When she was young, where did Marie Curie study?',
  'Who discovered penicillin and how did he do it?',
  'Who was the last emperor of China and when did he abdicate?',
  "Who was Einstein's wife and when did she die?",
  'What is the capital of France and what is its population?',
  'Who founded the Lake Varnholm station?',
  'How long is the sediment core VH-7?',
  'What did Dr. Solberg find in the sediment?',
  'What is photosynthesis?',
  'Photosynthesis?',
  'Define entropy.',
  'Explain how a transistor works.',
  'Is there a cure for malaria?',
  'Who said that the earth is round?',
  'What is the name of the ship that sank in 1912?',
  'What did the treaty that ended the war say?',
  'What happened this year in the election?',
  'Which one of the Beatles played the drums?',
  'Who was the first president of the United States?',
  'Who was the first to climb Everest?',
  'When is the next solar eclipse?',
  'Is Beijing the same city as Peking?',
  'Are Paris and Rome the same size?',
  'Who wrote about himself in Ecce Homo?',
  'How many moons does Jupiter have?',
  'What were the causes of World War I?',
  'The Oberoi family is part of a hotel company that has a head office in what city?',
];

describe('dependsOnPreviousTurn', () => {
  it.each(DEPENDENT)('“%s” depends on the previous turn', (question) => {
    expect(dependsOnPreviousTurn(question)).toBe(true);
  });

  it.each(STANDALONE)('“%s” stands alone', (question) => {
    expect(dependsOnPreviousTurn(question)).toBe(false);
  });

  it('says why, in a phrase for the trace', () => {
    expect(followUpDependence('When was he born?')).toBe('“he” with no noun before it');
    expect(followUpDependence('And in 1990?')).toBe('it begins with “And”');
    expect(followUpDependence('Why?')).toBe('a fragment with no subject of its own');
    expect(followUpDependence('When was Exequiel Ezcurra born?')).toBeUndefined();
  });

  it('reads curly apostrophes and contractions', () => {
    expect(dependsOnPreviousTurn('What’s its population?')).toBe(true);
    expect(dependsOnPreviousTurn('Where’s the Louvre?')).toBe(false);
  });

  it('leaves an empty question and one in another language as asked', () => {
    expect(dependsOnPreviousTurn('')).toBe(false);
    expect(dependsOnPreviousTurn(' ?! ')).toBe(false);
    expect(dependsOnPreviousTurn('Wann wurde Marie Curie geboren?')).toBe(false);
  });
});
