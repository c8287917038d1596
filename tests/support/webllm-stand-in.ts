/**
 * A stand-in for web-llm's engine with the members `WebLlmEngine` and the llm worker's
 * `WebLlmHost` use. No model runs: it streams scripted replies as web-llm's chunks, so tests
 * exercise the adapters' mapping of requests, deltas, usage, interrupts and errors, not WebLLM
 * itself (which needs WebGPU and weights).
 */
import type { ChatCompletionChunk, ChatCompletionRequestStreaming } from '@mlc-ai/web-llm';
import type { HostedWebLlmEngine } from '../../src/adapters/engines/webllm/webllm-host.ts';

export class WebLlmStandIn implements HostedWebLlmEngine {
  readonly requests: ChatCompletionRequestStreaming[] = [];
  interrupts = 0;
  /** The model ids `reload` was asked for, and how many times `unload` ran. */
  readonly reloads: string[] = [];
  unloads = 0;
  /** Streams begun and not yet ended or closed (web-llm's would hold the model's lock). */
  openStreams = 0;
  private interrupted = false;

  constructor(
    /** A reply's text, or an error the call rejects with. */
    private readonly replies: (string | Error)[],
    private readonly piecesPerReply = 4,
  ) {}

  readonly chat = {
    completions: {
      create: async (
        request: ChatCompletionRequestStreaming,
      ): Promise<AsyncIterable<ChatCompletionChunk>> => {
        this.requests.push(request);
        const reply = this.replies[this.requests.length - 1] ?? new Error('no scripted reply');
        if (reply instanceof Error) throw reply;
        this.interrupted = false;
        return this.stream(reply);
      },
    },
  };

  interruptGenerate(): void {
    this.interrupts += 1;
    this.interrupted = true;
  }

  reload(modelId: string): Promise<void> {
    this.reloads.push(modelId);
    return Promise.resolve();
  }

  unload(): Promise<void> {
    this.unloads += 1;
    return Promise.resolve();
  }

  private async *stream(text: string): AsyncGenerator<ChatCompletionChunk> {
    this.openStreams += 1;
    try {
      yield* this.pieces(text);
    } finally {
      this.openStreams -= 1;
    }
  }

  private async *pieces(text: string): AsyncGenerator<ChatCompletionChunk> {
    const size = Math.ceil(text.length / this.piecesPerReply);
    let sent = 0;
    for (let start = 0; start < text.length; start += size) {
      await Promise.resolve();
      if (this.interrupted) break;
      sent += 1;
      yield chunk({
        index: 0,
        delta: { content: text.slice(start, start + size) },
        finish_reason: null,
      });
    }
    yield chunk({ index: 0, delta: {}, finish_reason: this.interrupted ? 'abort' : 'stop' });
    yield {
      ...chunk(undefined),
      usage: {
        prompt_tokens: 20,
        completion_tokens: sent,
        total_tokens: 20 + sent,
        extra: {
          e2e_latency_s: 0,
          prefill_tokens_per_s: 0,
          decode_tokens_per_s: 0,
          time_to_first_token_s: 0,
          time_per_output_token_s: 0,
        },
      },
    };
  }
}

function chunk(choice: ChatCompletionChunk.Choice | undefined): ChatCompletionChunk {
  return {
    id: 'chunk',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'stand-in',
    choices: choice ? [choice] : [],
  };
}
