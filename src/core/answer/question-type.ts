/** What kind of answer a question asks for, from its wording. */
export type AnswerType = 'person' | 'date' | 'number' | 'place' | 'other';

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
      /^\s+(?:\w+\s+)?(?:person|man|woman|researcher|scientist|king|queen|president|leader|emperor|author|writer|philosopher|company|organi[sz]ation|university|church|newspaper)\b/,
  },
  {
    type: 'place',
    nouns:
      /^\s+(?:\w+\s+)?(?:city|town|country|state|region|continent|county|province|island|nation)\b/,
  },
];

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
    default:
      return NOUN_TYPES.find((rule) => rule.nouns.test(rest))?.type ?? 'other';
  }
}
