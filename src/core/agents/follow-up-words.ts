/**
 * The words of a question as `follow-up-dependence.ts` reads them, and the English word lists its
 * rules use.
 */

export interface Token {
  word: string;
  lower: string;
  /** Punctuation: `,` `;` `:` inside a sentence, `.` `?` `!` at its end. */
  mark: boolean;
  end: boolean;
  capital: boolean;
}

const words = (list: string) => new Set(list.split(' '));
export const THIRD_PERSON = words('he him his she her hers it its they them their theirs');
export const SINGULAR = words('he him his she her hers it its');
export const DEMONSTRATIVES = words('this that these those');
export const WH = words('who whom whose what which when where why how');
const AUXILIARIES = words(
  'am is are was were be been being do does did has have had can could will would shall should may might must',
);
export const BE = words('am is are was were be been being');
export const DETERMINERS = words(
  'the a an my your our his her its their some any each every many several both all no another much few',
);
export const PREPOSITIONS = words(
  'of to in on at by for with from about into onto between among during under over without through after before against since until toward towards across behind beyond near like per via upon within',
);
export const CONNECTIVES = words('and also then but or plus');
/** Words between a noun and a pronoun that start another clause. */
export const CLAUSE_BREAKS = words('and or but that because while if although though whether');
export const SUBORDINATORS = words(
  'when while after before although though since because if once until as',
);
/** Words with no subject matter of their own: a question made only of these is a fragment. */
const DISCOURSE = words(
  'one ones else more exactly really please tell explain elaborate mean meaning example examples such come long much many often far old sure true ok okay so not too either instead next afterwards afterward just only very again ever still there here yes anything something nothing everything someone anyone everyone happened happen',
);
const PERSONAL = words(
  'i me my mine we us our ours you your yours myself ourselves yourself yourselves himself herself itself themselves',
);
const FUNCTION = new Set(
  [
    ...[THIRD_PERSON, DEMONSTRATIVES, WH, AUXILIARIES, DETERMINERS, PREPOSITIONS, CONNECTIVES],
    ...[CLAUSE_BREAKS, SUBORDINATORS, DISCOURSE, PERSONAL, words('as than nor')],
  ].flatMap((set) => [...set]),
);
/** "the second", "the other one", "the previous": a noun phrase of the last turn when no noun follows. */
export const ELLIPTICAL_HEADS = words(
  'first second third fourth fifth sixth seventh eighth ninth tenth last next previous former other others rest',
);
export const ONE_HEADS = new Set([
  ...words('which this that these those the other another each either neither same'),
  ...ELLIPTICAL_HEADS,
]);
/** Last words that lean on what came before: "What happened next?", "Was Paris bombed too?" */
export const TRAILING = words('too either instead next afterwards afterward then before after');
/** "this year", "these days": the present, not the previous turn. */
export const TIME_WORDS = words(
  'year years month week day days morning afternoon evening night weekend century decade season summer winter spring autumn time',
);
export const WEATHER_VERBS = words(
  'rain rains rained raining snow snows snowed snowing hail hails drizzle pour pours thunder',
);
export const WEATHER_STATES = words(
  'cold hot warm cool sunny windy cloudy rainy humid freezing dark time temperature',
);
/** Verbs whose "it" announces a clause later on: "how long does it take to …". */
export const EXTRAPOSING = words(
  'take takes took cost costs mean means seem seems seemed appear appears matter matters make makes feel feels become becomes',
);
export const COMPLEMENTIZERS = words('that to whether if how why when who what');
/** Words a "that" clause follows: "true that …", "said that …". */
export const CLAUSE_HEADS = words(
  'said say says think thought believe believed know knew known true possible likely unlikely fact claim claims claimed show shows showed shown prove proved suggest suggests suggested mean means meant so such sure clear argue argued find found report reported state stated given except now',
);
const EXPANDED: Record<string, string> = {
  s: 'is',
  re: 'are',
  ve: 'have',
  d: 'would',
  ll: 'will',
  m: 'am',
};
const TOKEN = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*|[,;:?!]|\.(?=\s|$)/gu;
const ABBREVIATIONS = words('dr mr mrs ms st jr sr vs');

export function isContent(token: Token): boolean {
  return !token.mark && !FUNCTION.has(token.lower) && !isAuxiliary(token.lower);
}

export function isAuxiliary(word: string): boolean {
  return AUXILIARIES.has(word) || word.endsWith("n't");
}

/** Words and punctuation; "it's" as "it is"; the period of "A." or "Dr." is no sentence end. */
export function tokenize(question: string): Token[] {
  const tokens: Token[] = [];
  for (const [raw] of question.replace(/’/g, "'").matchAll(TOKEN)) {
    const previous = tokens.at(-1);
    if (raw === '.' && previous && isAbbreviation(previous)) continue;
    const split = /^(\p{L}+)'(s|re|ve|d|ll|m)$/iu.exec(raw);
    const base = split?.[1]?.toLowerCase() ?? '';
    const pronoun = THIRD_PERSON.has(base) || DEMONSTRATIVES.has(base) || WH.has(base);
    if (split && (pronoun || /^(?:there|here|i|you|we)$/.test(base))) {
      tokens.push(token(split[1]!), token(EXPANDED[split[2]!.toLowerCase()]!));
    } else tokens.push(token(raw));
  }
  return tokens;
}

function isAbbreviation(token: Token): boolean {
  return /^\p{Lu}$/u.test(token.word) || ABBREVIATIONS.has(token.lower);
}

function token(word: string): Token {
  const mark = /^[,;:?!.]$/.test(word);
  return {
    word,
    lower: word.toLowerCase(),
    mark,
    end: /^[?!.]$/.test(word),
    capital: /^\p{Lu}/u.test(word),
  };
}
