/**
 * Does a follow-up question need the previous turn to be understood? A few general English rules,
 * no model: "When was he born?", "And in 1990?", "What about the second one?" do; "When was
 * Exequiel Ezcurra born?" and "What did Marie Curie discover in her lab?" do not. Used when no
 * model rewrote the question, to decide whether the previous question's words join its search.
 * A question in another language matches none of the rules and is searched as asked.
 */

import {
  BE,
  CLAUSE_BREAKS,
  CLAUSE_HEADS,
  COMPLEMENTIZERS,
  CONNECTIVES,
  DEMONSTRATIVES,
  DETERMINERS,
  ELLIPTICAL_HEADS,
  EXTRAPOSING,
  ONE_HEADS,
  PREPOSITIONS,
  SINGULAR,
  SUBORDINATORS,
  THIRD_PERSON,
  TIME_WORDS,
  TRAILING,
  WEATHER_STATES,
  WEATHER_VERBS,
  WH,
  isAuxiliary,
  isContent,
  tokenize,
  type Token,
} from './follow-up-words.ts';

/** Whether `question` cannot stand alone: it points back to the previous turn. */
export function dependsOnPreviousTurn(question: string): boolean {
  return followUpDependence(question) !== undefined;
}

/** Why `question` cannot stand alone, a short phrase for the trace; undefined when it can. */
export function followUpDependence(question: string): string | undefined {
  const tokens = tokenize(question);
  if (!tokens.some((token) => !token.mark)) return undefined;
  const nouns = nounPhraseWords(tokens);
  return (
    continuation(tokens) ??
    pointsBack(tokens) ??
    demonstrative(tokens, nouns) ??
    pronounWithoutAntecedent(tokens, nouns) ??
    fragment(tokens)
  );
}

/** A leading connective continues the last question: "And when…", "Also…", "What about Paris?" */
function continuation(tokens: Token[]): string | undefined {
  const [first, second] = tokens.filter((token) => !token.mark);
  if (first && CONNECTIVES.has(first.lower)) return `it begins with “${first.word}”`;
  if (/^(?:what|how)$/.test(first?.lower ?? '') && /^(?:about|of)$/.test(second?.lower ?? '')) {
    return `“${first?.word} ${second?.word} …” continues the last question`;
  }
  return undefined;
}

/** Ellipsis: "Why?", "How so?", "Which one?" (no subject matter), "What year?", "In 1990?" */
function fragment(tokens: Token[]): string | undefined {
  const said = tokens.filter((token) => !token.mark);
  const first = said[0]?.lower ?? '';
  if (!said.some(isContent)) return 'a fragment with no subject of its own';
  if (said.length <= 2 && WH.has(first)) return 'a two-word fragment';
  if (said.length <= 4 && PREPOSITIONS.has(first)) {
    return 'a fragment that starts with a preposition';
  }
  return undefined;
}

/** Ordinals, "the same", "the latter", "which one", "there", a last "too": words that point back. */
function pointsBack(tokens: Token[]): string | undefined {
  const said = tokens.filter((token) => !token.mark);
  const last = said.at(-1)?.lower ?? '';
  if (TRAILING.has(last)) return `it ends with “${last}”`;
  if (said.length > 2 && `${said.at(-2)?.lower} ${last}` === 'as well') {
    return 'it ends with “as well”';
  }
  for (const [i, token] of tokens.entries()) {
    const previous = tokens[i - 1]?.lower ?? '';
    const next = tokens[i + 1];
    const clauseEnds = !next || next.mark || isAuxiliary(next.lower) || CONNECTIVES.has(next.lower);
    const found = `“${previous} ${token.word}”`;
    if (token.lower === 'latter' || token.lower === 'aforementioned') return `“${token.word}”`;
    // "the same" compares with the last turn unless the question names both sides itself.
    if (token.lower === 'same' && previous === 'the') {
      const later = tokens.slice(i + 1).some((other) => other.lower === 'as');
      const earlier = tokens.slice(0, i).some((t) => t.lower === 'and' || t.lower === 'between');
      if (!later && !earlier) return found;
    }
    const elliptical = clauseEnds || /^ones?$/.test(next?.lower ?? '');
    if (ELLIPTICAL_HEADS.has(token.lower) && /^(?:the|another)$/.test(previous) && elliptical) {
      return found;
    }
    // "which one", "the red one"; not "one of the Beatles", "no one".
    const oneHead = ONE_HEADS.has(previous) || tokens[i - 2]?.lower === 'the';
    if (/^ones?$/.test(token.lower) && next?.lower !== 'of' && oneHead) return found;
    // "How many were killed?": the count of something named before.
    if (token.lower === 'many' && previous === 'how' && clauseEnds) {
      return '“how many” without a noun';
    }
    // "there" as a place ("Who lived there?"), not "is there", "there was".
    const existential = isAuxiliary(previous) || (next !== undefined && isAuxiliary(next.lower));
    if (token.lower === 'there' && i > 0 && !existential) return '“there”';
    if (token.lower === 'time' && previous === 'the' && tokens[i - 2]?.lower === 'at') {
      if (!/^(?:of|when|that)$/.test(next?.lower ?? '')) return '“at the time”';
    }
  }
  return undefined;
}

/**
 * "this", "that", "these", "those" standing for something ("Who directed that?", "Is that true?")
 * or with a noun ("that station"); not "that" joining a clause ("Is it true that …", "the ship
 * that sank") nor "this year".
 */
function demonstrative(tokens: Token[], nouns: Set<number>): string | undefined {
  for (const [i, token] of tokens.entries()) {
    if (!DEMONSTRATIVES.has(token.lower)) continue;
    const previous = tokens[i - 1];
    const next = tokens[i + 1] && !tokens[i + 1]?.mark ? tokens[i + 1] : undefined;
    if (next && TIME_WORDS.has(next.lower) && /^th(?:is|ese)$/.test(token.lower)) continue;
    const standsFor =
      !previous ||
      previous.mark ||
      WH.has(previous.lower) ||
      isAuxiliary(previous.lower) ||
      PREPOSITIONS.has(previous.lower) ||
      CONNECTIVES.has(previous.lower);
    if (next && !standsFor) {
      const joins = previous.lower === 'it' || nouns.has(i - 1) || CLAUSE_HEADS.has(previous.lower);
      if (token.lower === 'that' && joins) continue;
      // A bare noun after it makes it a determiner; anything else starts a clause.
      if (!isContent(next) || next.capital || /\p{N}/u.test(next.word)) continue;
    }
    return `“${token.word}” pointing back`;
  }
  return undefined;
}

/**
 * A third-person pronoun with no candidate noun phrase or name before it in the question ("When
 * was he born?"); "it" with no referent at all ("is it true that …", "does it rain") is exempt, and
 * so is a pronoun in a leading clause whose noun follows ("When she was young, where did Marie
 * Curie study?"). Reflexives ("himself") refer inside their clause and are never counted.
 */
function pronounWithoutAntecedent(tokens: Token[], nouns: Set<number>): string | undefined {
  for (const [i, token] of tokens.entries()) {
    if (!THIRD_PERSON.has(token.lower)) continue;
    if (token.lower === 'it' && isDummyIt(tokens, i)) continue;
    if (hasAntecedent(tokens, nouns, i) || isCataphoric(tokens, nouns, i)) continue;
    return `“${token.word}” with no noun before it`;
  }
  return undefined;
}

/**
 * Some noun before pronoun `i` it can refer to: a singular pronoun skips plain plurals
 * ("critics"), and an object ("Why did Brutus kill him?") skips the nouns of its own clause.
 */
function hasAntecedent(tokens: Token[], nouns: Set<number>, i: number): boolean {
  const pronoun = tokens[i]!.lower;
  const object = isObject(tokens, i);
  let crossedClause = false;
  for (let j = i - 1; j >= 0; j--) {
    const token = tokens[j]!;
    if (!nouns.has(j)) {
      if (token.mark || WH.has(token.lower) || CLAUSE_BREAKS.has(token.lower)) crossedClause = true;
      continue;
    }
    const plural = !token.capital && /[^s]s$/.test(token.lower) && !/(?:us|is)$/.test(token.lower);
    // "the name of his dog": a noun does not refer to something inside itself.
    const inside = j + 2 === i && tokens[j + 1]?.lower === 'of';
    if ((object && !crossedClause) || (SINGULAR.has(pronoun) && plural) || inside) continue;
    return true;
  }
  return false;
}

function isObject(tokens: Token[], i: number): boolean {
  const { lower } = tokens[i]!;
  const previous = tokens[i - 1];
  const next = tokens[i + 1];
  if (lower === 'him' || lower === 'them') return true;
  if (lower === 'her') return !next || !isContent(next);
  if (lower !== 'it' || !previous || previous.mark) return false;
  return isContent(previous) || PREPOSITIONS.has(previous.lower);
}

/** A pronoun in a leading subordinate clause, its noun after the comma. */
function isCataphoric(tokens: Token[], nouns: Set<number>, i: number): boolean {
  const [first, second] = tokens;
  if (!first || !SUBORDINATORS.has(first.lower) || !second || isAuxiliary(second.lower)) {
    return false;
  }
  const comma = tokens.findIndex((token, k) => k > i && token.word === ',');
  return comma > 0 && [...nouns].some((k) => k > comma);
}

/** "it" that refers to nothing: weather and time, clefts, a clause announced for later. */
function isDummyIt(tokens: Token[], i: number): boolean {
  const near = (from: number, to: number) => tokens.slice(Math.max(0, i + from), i + to + 1);
  if (near(1, 2).some((token) => WEATHER_VERBS.has(token.lower))) return true;
  const nextToBe = BE.has(tokens[i - 1]?.lower ?? '') || BE.has(tokens[i + 1]?.lower ?? '');
  if (nextToBe && near(-2, 2).some((token) => WEATHER_STATES.has(token.lower))) return true;
  if (!nextToBe && !EXTRAPOSING.has(tokens[i + 1]?.lower ?? '')) return false;
  for (let k = i + 1; k <= i + 4 && k < tokens.length; k++) {
    const token = tokens[k]!;
    // "Is it used to make bread?" is a passive, not a clause announced for later.
    if (token.mark || token.lower.endsWith('ed')) return false;
    if (k === i + 1 && token.lower === 'about') return tokens.slice(k + 1).some(isContent);
    if (COMPLEMENTIZERS.has(token.lower)) return clauseFollows(tokens, k);
  }
  return false;
}

/** At least two words after `tokens[k]`, and "to" then a verb rather than "to the museum". */
function clauseFollows(tokens: Token[], k: number): boolean {
  const rest = tokens.slice(k + 1);
  const stop = rest.findIndex((token) => token.end);
  const clause = (stop < 0 ? rest : rest.slice(0, stop)).filter((token) => !token.mark);
  const next = clause[0];
  if (!next || clause.length < 2) return false;
  if (tokens[k]!.lower !== 'to') return true;
  return !DETERMINERS.has(next.lower) && !next.capital && !/\p{N}/u.test(next.word);
}

/** Words that head or begin a noun phrase: names, numbers, a word after "the", "is", "of", … */
function nounPhraseWords(tokens: Token[]): Set<number> {
  const nouns = new Set<number>();
  for (const [i, token] of tokens.entries()) {
    const previous = tokens[i - 1];
    const next = tokens[i + 1];
    // "Who discovered penicillin, and how did he do it?": the one asked about, and the object.
    const asksSubject = token.lower === 'who' && next !== undefined && isContent(next);
    if (asksSubject) nouns.add(i);
    if (!isContent(token)) continue;
    if (previous && isContent(previous) && WH.has(tokens[i - 2]?.lower ?? '')) nouns.add(i);
    const sentenceStart = !previous || previous.end;
    const name = (token.capital && !sentenceStart) || /\p{N}/u.test(token.word);
    const before = previous && !previous.mark ? previous.lower : '';
    const afterDeterminer = DETERMINERS.has(before) || PREPOSITIONS.has(before);
    // "Why do cats purr", not "When was it drilled": a participle after "was" is no subject.
    const subject = isAuxiliary(before) && !token.lower.endsWith('ed');
    // "Which band released …", not "What year did it end": the noun is then no subject.
    const whNoun = /^(?:which|what|whose)$/.test(before) && !isAuxiliary(next?.lower ?? '');
    if (name || afterDeterminer || subject || whNoun) nouns.add(i);
  }
  return nouns;
}
