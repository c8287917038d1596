/* eslint-disable no-control-regex -- the normaliser drops control characters, as the library does */
/**
 * A BERT WordPiece tokenizer (BERT normaliser, BERT pre-tokeniser, WordPiece, `[CLS] … [SEP]`)
 * written out to give the ids @huggingface/tokenizers gives, to the last one, at a fraction of its
 * cost: a Chromium trace put a third of the library worker's time while indexing in the library's
 * per-character normalising and its token strings (decision 0034). It reads the same
 * tokenizer.json and takes only the settings it copies exactly; `fromTokenizerJson` answers
 * undefined for any other, and `encode` answers undefined for a text holding an added token's
 * content, so that the caller hands those to the library.
 *
 * Where the library works on strings (lower-casing, NFD and dropping marks, the pre-tokeniser's
 * pattern, the tests for control and space characters) this calls the same functions with the
 * same arguments; it only skips them where they cannot change anything (ASCII text) and walks
 * ASCII text in one pass.
 */

const PUNCTUATION = '\\p{P}\\u0021-\\u002F\\u003A-\\u0040\\u005B-\\u0060\\u007B-\\u007E';
/** The library's BertPreTokenizer pattern. */
const WORDS = new RegExp(`[^\\s${PUNCTUATION}]+|[${PUNCTUATION}]`, 'gu');
/** The library's control test, written as it is there (its alternation is not grouped). */
const CONTROL = /^\p{Cc}|\p{Cf}|\p{Co}|\p{Cs}$/u;
const SPACE = /^\s$/;
const MARKS = /\p{Mn}/gu;
const NOT_ASCII = /[^\x00-\x7f]/;
const ASCII_CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;
const ASCII_SPACES = /[\t\n\r]/g;
const SURROGATE = /[\ud800-\udfff]/;
/** Distinct non-ASCII characters whose cleaning is remembered. */
const CLEANED_LIMIT = 8_192;

const enum Kind {
  Word,
  Space,
  Punctuation,
}

/** What each ASCII code is to the pre-tokeniser once cleaned (controls are gone by then). */
const ASCII_KINDS = Array.from({ length: 128 }, (_, code): Kind => {
  if (code <= 32) return Kind.Space;
  const char = String.fromCharCode(code);
  return /^[\p{P}\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]$/u.test(char) ? Kind.Punctuation : Kind.Word;
});

interface Settings {
  vocabulary: Map<string, number>;
  addedContents: string[];
  unknownId: number;
  prefix: string;
  maximumCharacters: number;
  lowercase: boolean;
  stripAccents: boolean;
  before: number[];
  after: number[];
}

export class BertWordPiece {
  private readonly cleaned = new Map<string, string>();
  private readonly punctuationIds: number[] = [];

  private constructor(private readonly settings: Settings) {
    for (let code = 0; code < 128; code += 1) {
      const ids: number[] = [];
      this.pushWord(String.fromCharCode(code), ids, false);
      this.punctuationIds.push(ids[0]!);
    }
  }

  /**
   * The tokenizer for `json` (a tokenizer.json) and `config` (its tokenizer_config.json), or
   * undefined where they ask for anything it does not copy exactly.
   */
  static fromTokenizerJson(json: object, config: object): BertWordPiece | undefined {
    const settings = readSettings(json as TokenizerJson, config as Record<string, unknown>);
    return settings && new BertWordPiece(settings);
  }

  /** The ids of `text` with its special tokens, or undefined where the library must say. */
  encode(text: string): number[] | undefined {
    const { addedContents, before, after } = this.settings;
    for (const content of addedContents) if (text.includes(content)) return undefined;
    const ids = [...before];
    if (NOT_ASCII.test(text)) {
      const normalised = this.normalise(text);
      if (addedContents.includes(normalised)) return undefined;
      const surrogates = SURROGATE.test(normalised);
      for (const word of normalised.match(WORDS) ?? []) this.pushWord(word, ids, surrogates);
    } else if (!this.pushAscii(text, ids)) return undefined;
    for (const id of after) ids.push(id);
    return ids;
  }

  /** The BERT normaliser as the library runs it, on text that is not all ASCII. */
  private normalise(text: string): string {
    let result = this.clean(text);
    if (this.settings.lowercase) result = result.toLowerCase();
    if (this.settings.stripAccents) result = result.normalize('NFD').replace(MARKS, '');
    return result;
  }

  /** Drops NUL, U+FFFD and control characters and turns each space character into ' '. */
  private clean(text: string): string {
    let result = '';
    let from = 0;
    for (let index = 0; index < text.length;) {
      const code = text.charCodeAt(index);
      let width = 1;
      let replacement: string;
      if (code < 128) {
        if (code >= 32 && code !== 127) {
          index += 1;
          continue;
        }
        replacement = code === 9 || code === 10 || code === 13 ? ' ' : '';
      } else {
        const next = text.charCodeAt(index + 1);
        if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) width = 2;
        const char = text.slice(index, index + width);
        replacement = this.cleanCharacter(char);
        if (replacement === char) {
          index += width;
          continue;
        }
      }
      result += text.slice(from, index) + replacement;
      index += width;
      from = index;
    }
    return from === 0 ? text : result + text.slice(from);
  }

  private cleanCharacter(char: string): string {
    const known = this.cleaned.get(char);
    if (known !== undefined) return known;
    const first = char.charCodeAt(0);
    const cleaned =
      first === 0 || first === 65533 || CONTROL.test(char) ? '' : SPACE.test(char) ? ' ' : char;
    if (this.cleaned.size < CLEANED_LIMIT) this.cleaned.set(char, cleaned);
    return cleaned;
  }

  /**
   * Normalises, pre-tokenises and splits ASCII text in one pass; false where the normalised text
   * is an added token's content (which the library keeps whole).
   */
  private pushAscii(text: string, ids: number[]): boolean {
    let normalised = this.settings.lowercase ? text.toLowerCase() : text;
    normalised = normalised.replace(ASCII_CONTROLS, '');
    const { addedContents } = this.settings;
    if (addedContents.some((content) => content.length === normalised.length)) {
      if (addedContents.includes(normalised.replace(ASCII_SPACES, ' '))) return false;
    }
    let start = -1;
    for (let index = 0; index <= normalised.length; index += 1) {
      const code = index < normalised.length ? normalised.charCodeAt(index) : 32;
      const kind = ASCII_KINDS[code]!;
      if (kind === Kind.Word) {
        if (start < 0) start = index;
        continue;
      }
      if (start >= 0) {
        this.pushWord(normalised.slice(start, index), ids, false);
        start = -1;
      }
      if (kind === Kind.Punctuation) ids.push(this.punctuationIds[code]!);
    }
    return true;
  }

  /** WordPiece: the longest known piece first, the whole word unknown if any part is. */
  private pushWord(word: string, ids: number[], surrogates: boolean): void {
    const { vocabulary, unknownId, prefix, maximumCharacters } = this.settings;
    const characters = surrogates ? [...word] : undefined;
    const length = characters ? characters.length : word.length;
    if (length > maximumCharacters) {
      ids.push(unknownId);
      return;
    }
    const whole = vocabulary.get(word);
    if (whole !== undefined) {
      ids.push(whole);
      return;
    }
    const first = ids.length;
    for (let start = 0; start < length;) {
      let end = length;
      let found: number | undefined;
      for (; start < end; end -= 1) {
        const piece = characters ? characters.slice(start, end).join('') : word.slice(start, end);
        found = vocabulary.get(start > 0 ? prefix + piece : piece);
        if (found !== undefined) break;
      }
      if (found === undefined) {
        ids.length = first;
        ids.push(unknownId);
        return;
      }
      ids.push(found);
      start = end;
    }
  }
}

interface TokenizerJson {
  added_tokens?: { id: number; content: string; normalized?: boolean }[];
  normalizer?: Record<string, unknown> | null;
  pre_tokenizer?: { type?: string } | null;
  post_processor?: { type?: string; single?: TemplateItem[] } | null;
  model?: {
    type?: string;
    vocab?: Record<string, number>;
    unk_token?: string;
    continuing_subword_prefix?: string;
    max_input_chars_per_word?: number;
    fuse_unk?: boolean;
  };
}

type TemplateItem = { SpecialToken: { id: string } } | { Sequence: { id: string } };

/** The settings of `json`, or undefined where it asks for more than this copies. */
function readSettings(json: TokenizerJson, config: Record<string, unknown>): Settings | undefined {
  const { normalizer, model, post_processor: template } = json;
  const added = json.added_tokens ?? [];
  if (
    config.remove_space === true ||
    config.do_lowercase_and_remove_accent === true ||
    normalizer?.type !== 'BertNormalizer' ||
    !normalizer.clean_text ||
    normalizer.handle_chinese_chars ||
    json.pre_tokenizer?.type !== 'BertPreTokenizer' ||
    model?.type !== 'WordPiece' ||
    !model.vocab ||
    typeof model.unk_token !== 'string' ||
    typeof model.continuing_subword_prefix !== 'string' ||
    model.fuse_unk ||
    template?.type !== 'TemplateProcessing' ||
    !template.single ||
    added.some((token) => token.normalized !== false || token.content.length === 0)
  ) {
    return undefined;
  }
  const addedIds = new Map(added.map((token) => [token.content, token.id]));
  const vocabulary = new Map<string, number>();
  for (const [token, id] of Object.entries(model.vocab)) {
    vocabulary.set(token, addedIds.get(token) ?? id);
  }
  // The library maps a token to its added id, else its vocabulary id, else the unknown token's.
  const unknownToken = model.unk_token;
  const libraryUnknownId = Object.hasOwn(model.vocab, unknownToken)
    ? model.vocab[unknownToken]
    : undefined;
  const idOf = (token: string) => addedIds.get(token) ?? vocabulary.get(token) ?? libraryUnknownId;
  const single = template.single;
  const sequence = single.findIndex((item) => 'Sequence' in item && item.Sequence.id === 'A');
  const specialIds = single.map((item) =>
    'SpecialToken' in item ? idOf(item.SpecialToken.id) : 0,
  );
  const unknownId = idOf(unknownToken);
  if (
    unknownId === undefined ||
    sequence < 0 ||
    single.some((item, index) => index !== sequence && !('SpecialToken' in item)) ||
    specialIds.some((id) => id === undefined)
  ) {
    return undefined;
  }
  const lowercase = Boolean(normalizer.lowercase);
  const stripAccents = lowercase
    ? normalizer.strip_accents !== false
    : Boolean(normalizer.strip_accents);
  return {
    vocabulary,
    addedContents: [...addedIds.keys()],
    unknownId,
    prefix: model.continuing_subword_prefix,
    maximumCharacters: model.max_input_chars_per_word ?? 100,
    lowercase,
    stripAccents,
    before: specialIds.slice(0, sequence) as number[],
    after: specialIds.slice(sequence + 1) as number[],
  };
}
