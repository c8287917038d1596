/**
 * What kind of answer a question asks for, from its wording: a person, a place, an organisation,
 * a title (of a work: a film, a book, a song), a date, a number, or something else (a phrase).
 */
export type AnswerType =
  'person' | 'place' | 'organisation' | 'title' | 'date' | 'number' | 'other';

const QUESTION_WORD = /\b(who|whom|whose|when|where|what|which|how)\b/;
const HOW_MUCH = /^\s+(?:many|much|long|far|old|large|big|tall|high|often|fast|deep|wide)\b/;

/** Nouns right after "what" / "which" (one modifier allowed: "what tax year") and their type. */
const NOUN_TYPES: readonly { type: AnswerType; nouns: RegExp }[] = [
  { type: 'date', nouns: /^\s+(?:\w+\s+)?(?:year|decade|century|month|day|date|era)s?\b/ },
  {
    type: 'number',
    nouns: /^\s+(?:\w+\s+)?(?:percentage|percent|proportion|number|amount|population|cost)\b/,
  },
  {
    type: 'person',
    nouns:
      /^\s+(?:\w+\s+)?(?:person|people|man|woman|actor|actress|singer|musician|player|researcher|scientist|king|queen|president|leader|emperor|author|writer|director|philosopher|poet|artist)s?\b/,
  },
  {
    type: 'organisation',
    nouns:
      /^\s+(?:\w+\s+)?(?:company|companies|organi[sz]ation|university|college|school|church|newspaper|band|group|team|club|party|agency|network|corporation|firm|label)s?\b/,
  },
  {
    type: 'place',
    nouns:
      /^\s+(?:\w+\s+)?(?:city|cities|town|country|countries|state|region|continent|county|province|island|nation|river|place|location|village|district|area)s?\b/,
  },
  {
    type: 'title',
    nouns:
      /^\s+(?:\w+\s+)?(?:film|movie|book|novel|song|album|show|series|play|opera|poem|magazine|game|single)s?\b/,
  },
];

/**
 * What comes between "what" / "which" and the noun that says what is asked for: a verb of being
 * and an article ("what was the name of the …", "which is the …"), "kind of" / "type of" / "name
 * of" (which ask for the noun after them).
 */
const FOCUS_PREFIX =
  /^\s+(?:(?:is|was|are|were|did|does|do|has|had|have)\s+)?(?:(?:the|a|an)\s+)?(?:(?:name|kind|type|sort)\s+of\s+(?:the\s+|a\s+|an\s+)?)?/;

/** Decided by the first question word: "how many" asks for a number, "when" for a date, … */
export function answerTypeOf(question: string): AnswerType {
  const text = question.toLowerCase();
  const match = QUESTION_WORD.exec(text);
  if (!match) return 'other';
  const rest = text.slice(match.index + match[0].length);
  switch (match[0]) {
    case 'who':
    case 'whom':
    case 'whose':
      return 'person';
    case 'when':
      return 'date';
    case 'where':
      return 'place';
    case 'how':
      return HOW_MUCH.test(rest) ? 'number' : 'other';
    default: {
      const focus = ` ${rest.replace(FOCUS_PREFIX, '')}`;
      return NOUN_TYPES.find((rule) => rule.nouns.test(focus))?.type ?? 'other';
    }
  }
}

/** Whether the type is answered by a name (capitalised words) rather than a date, number or phrase. */
export function isNamedType(type: AnswerType): boolean {
  return type === 'person' || type === 'place' || type === 'organisation' || type === 'title';
}
