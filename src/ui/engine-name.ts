/**
 * The engine that answered a turn, in words, from its trace's `run-start` (older turns did not
 * record it): the browser's built-in model, an on-device model, a local server's model, or none.
 */
import type { ConversationTurn, TraceEvent } from './clients/library-client.ts';

export interface AnsweringEngine {
  id: string;
  kind: string;
}

export function engineName(engine: AnsweringEngine): string {
  switch (engine.kind) {
    case 'built-in':
      return 'the model built into this browser';
    case 'webllm':
      return `on-device model ${engine.id}`;
    case 'openai':
      return `local server model ${engine.id}`;
    case 'extractive':
      return 'no language model (passages only)';
    default:
      return `${engine.kind} model ${engine.id}`;
  }
}

/** The engine a turn's run started with, when its trace says. */
export function turnEngine(turn: Pick<ConversationTurn, 'events'>): AnsweringEngine | undefined {
  const start = turn.events.find(
    (event): event is Extract<TraceEvent, { type: 'run-start' }> => event.type === 'run-start',
  );
  return start?.engine;
}
