/**
 * A conversation as files to keep: Markdown to read (each turn's question, answer, sources and
 * trace with what it cost; an answer read without a model as its likely answer or message and
 * its passages) and JSON with everything stored, trace events and readings included; and one
 * answer with its sources as Markdown, for the clipboard. Pure: the caller downloads or copies
 * the text.
 */
import type {
  Conversation,
  ConversationTurn,
  PassageReading,
  TurnCitation,
  TurnStatus,
} from './clients/library-client.ts';
import { escapeMarkdown } from '../core/markdown-escape.ts';
import { countOf, formatDateTime } from './format.ts';
import { bestSentence, confidenceWords, readingMessage } from './passage-reading.ts';
import { costLine, liveTotals, ranWithoutModel, traceLine } from './trace-lines.ts';
import { engineName, turnEngine } from './engine-name.ts';

/** Collection id to name. */
type Names = ReadonlyMap<string, string>;

/**
 * Identifies the JSON export's format, for whatever reads it back. Version 2: a step event's
 * fields sit beside its type, step and time (version 1 kept them under `data`).
 */
const EXPORT_FORMAT = 'archivist-conversation';
const EXPORT_VERSION = 2;

const STATUS_TEXT: Record<TurnStatus, string> = {
  running: 'Still running',
  answered: 'Answered',
  passages: 'Relevant passages, no short answer without a language model',
  'not-found': 'Not found in the documents',
  'out-of-budget': 'Stopped when its budget was spent',
  stopped: 'Stopped (the answer is partial)',
  interrupted: 'Interrupted when the page closed (the answer may be partial)',
  failed: 'Failed',
};

export function conversationMarkdown(
  conversation: Conversation,
  names: Names,
  exportedAt = Date.now(),
): string {
  const title = oneLine(conversation.title) || 'Untitled conversation';
  const header = [
    `# ${title}`,
    `Exported from Archivist on ${formatDateTime(exportedAt)}. Searched: ${scopeText(conversation, names)}. ${countOf(conversation.turns.length, 'question')}.`,
  ];
  const turns = conversation.turns.map((turn, index) => turnMarkdown(turn, index + 1, names));
  return `${[...header, ...turns].join('\n\n')}\n`;
}

/** The JSON export: the stored conversation whole, with the names of the collections it searched. */
export function conversationJson(
  conversation: Conversation,
  names: Names,
  exportedAt = Date.now(),
): string {
  const collections = conversation.collectionIds.map((id) => ({ id, name: names.get(id) ?? '' }));
  const exported = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date(exportedAt).toISOString(),
    collections,
    conversation,
  };
  return `${JSON.stringify(exported, null, 2)}\n`;
}

/** One answer and its sources, as Markdown for the clipboard. */
export function answerWithSources(turn: ConversationTurn): string {
  const reading = turn.status === 'running' ? undefined : turn.reading;
  const answer = reading ? readingMarkdown(reading) : turn.answer.trim();
  const sources = turnSources(turn);
  if (sources.length === 0) return answer;
  return `${answer}\n\nSources:\n\n${sourceList(sources)}`;
}

/** A file name from the title: lower case, dashes, the extension. */
export function exportFileName(conversation: Conversation, extension: 'md' | 'json'): string {
  const slug = conversation.title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'conversation'}.${extension}`;
}

function turnMarkdown(turn: ConversationTurn, number: number, names: Names): string {
  const strategy =
    turn.strategyRun && turn.strategyRun !== turn.strategyAsked
      ? `${turn.strategyAsked} → ${turn.strategyRun}`
      : turn.strategyAsked;
  const status = turn.error
    ? `${STATUS_TEXT[turn.status]}: ${oneLine(turn.error.message)}`
    : STATUS_TEXT[turn.status];
  const engine = turnEngine(turn);
  const answeredBy = engine ? ` · Engine: ${engineName(engine)}` : '';
  const parts = [
    `## ${number}. ${oneLine(turn.question)}`,
    `*Asked ${formatDateTime(turn.startedAt)} · Strategy: ${strategy}${answeredBy} · ${status}*`,
  ];
  parts.push((turn.reading ? readingMarkdown(turn.reading) : turn.answer.trim()) || '*No answer.*');
  const sources = turnSources(turn, names);
  if (sources.length > 0) parts.push('### Sources', sourceList(sources));
  parts.push('### Trace', traceMarkdown(turn, names));
  return ['---', ...parts].join('\n\n');
}

/**
 * A turn's sources: its citations; for an answer read without a model whose citations are
 * missing, its passages (file and best sentence).
 */
function turnSources(turn: ConversationTurn, names?: Names): TurnCitation[] {
  if (turn.citations.length > 0 || !turn.reading) return turn.citations;
  return turn.reading.passages.map((passage) => ({
    number: passage.number,
    chunkId: passage.chunkId,
    path: passage.path,
    collectionName: names?.get(passage.collectionId) ?? '',
    quote: bestSentence(passage),
  }));
}

function sourceList(citations: readonly TurnCitation[]): string {
  return citations
    .map((citation) => {
      const where = [
        citation.collectionName,
        citation.page === undefined ? '' : `page ${citation.page}`,
      ].filter(Boolean);
      const line = `- [${citation.number}] ${codeSpan(citation.path || citation.chunkId)}${where.length > 0 ? ` (${where.join(', ')})` : ''}`;
      if (!citation.quote) return line;
      const quote = citation.quote.split('\n').map((text) => `  > ${text}`);
      return [line, ...quote].join('\n');
    })
    .join('\n');
}

/**
 * An answer read without a language model, as Markdown: the likely answer with how sure the
 * reader is (in words), or why there is none and what to do. Its passages are the turn's sources.
 */
export function readingMarkdown(reading: PassageReading): string {
  const likely = reading.outcome === 'answer' ? reading.likelyAnswer : undefined;
  if (likely) {
    const answer = escapeMarkdown(oneLine(likely.text));
    return `**Likely answer:** ${answer} (${confidenceWords(likely.confidence)}) [${likely.passageNumber}]`;
  }
  const message = readingMessage(reading);
  return message ? `*${message.text}*${message.hint ? ` ${message.hint}` : ''}` : '';
}

function traceMarkdown(turn: ConversationTurn, names: Names): string {
  const cost = costLine(liveTotals(turn.events), ranWithoutModel(turn));
  const lines = turn.events.flatMap((event) => {
    const line = traceLine(event, names);
    if (!line) return [];
    const detail = line.detail ? ` — ${oneLine(line.detail)}` : '';
    return [`- ${(line.at / 1000).toFixed(2)} s · ${oneLine(line.title)}${detail}`];
  });
  return [cost, ...(lines.length > 0 ? ['', ...lines] : [])].join('\n');
}

function scopeText(conversation: Conversation, names: Names): string {
  if (conversation.collectionIds.length === 0) return 'all collections';
  return conversation.collectionIds.map((id) => names.get(id) ?? id).join(', ');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Inline code that stays code when the text holds backticks itself. */
function codeSpan(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}
