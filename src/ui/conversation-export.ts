/**
 * A conversation as files to keep: Markdown to read (each turn's question, answer, sources and
 * trace with what it cost) and JSON with everything stored, trace events included; and one answer
 * with its sources as Markdown, for the clipboard. Pure: the caller downloads or copies the text.
 */
import type {
  Conversation,
  ConversationTurn,
  TurnCitation,
  TurnStatus,
} from './clients/library-client.ts';
import { countOf, formatDateTime, formatInteger } from './format.ts';
import { liveTotals, traceLine } from './trace-lines.ts';

/** Collection id to name. */
type Names = ReadonlyMap<string, string>;

/** Identifies the JSON export's format, for whatever reads it back. */
const EXPORT_FORMAT = 'archivist-conversation';
const EXPORT_VERSION = 1;

const STATUS_TEXT: Record<TurnStatus, string> = {
  running: 'Still running',
  answered: 'Answered',
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
  const answer = turn.answer.trim();
  if (turn.citations.length === 0) return answer;
  return `${answer}\n\nSources:\n\n${sourceList(turn.citations)}`;
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
  const parts = [
    `## ${number}. ${oneLine(turn.question)}`,
    `*Asked ${formatDateTime(turn.startedAt)} · Strategy: ${strategy} · ${status}*`,
    turn.answer.trim() || '*No answer.*',
  ];
  if (turn.citations.length > 0) parts.push('### Sources', sourceList(turn.citations));
  parts.push('### Trace', traceMarkdown(turn, names));
  return ['---', ...parts].join('\n\n');
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

function traceMarkdown(turn: ConversationTurn, names: Names): string {
  const totals = liveTotals(turn.events);
  const cost = `${countOf(totals.llmCalls, 'LLM call')} · ${formatInteger(totals.tokens)} tokens · ${(totals.ms / 1000).toFixed(1)} s`;
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
