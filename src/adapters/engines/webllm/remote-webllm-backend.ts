/**
 * web-llm's engine as the library worker sees it: the llm worker's `WebLlmHost` over comlink, in
 * the shape `WebLlmEngine` uses. A stream pulls one chunk per call and closes the host's stream
 * when it is left early (an abort), so the next completion can start.
 */
import type { ChatCompletionChunk, ChatCompletionRequestStreaming } from '@mlc-ai/web-llm';
import type { Remote } from 'comlink';
import type { WebLlmBackend } from './webllm-engine.ts';
import type { WebLlmHost } from './webllm-host.ts';

export class RemoteWebLlmBackend implements WebLlmBackend {
  constructor(private readonly host: Remote<WebLlmHost>) {}

  readonly chat = {
    completions: {
      create: async (
        request: ChatCompletionRequestStreaming,
      ): Promise<AsyncIterable<ChatCompletionChunk>> => {
        await this.host.startCompletion(request);
        return this.chunks();
      },
    },
  };

  interruptGenerate(): void {
    void this.host.interruptGenerate();
  }

  private async *chunks(): AsyncGenerator<ChatCompletionChunk> {
    try {
      for (let chunk = await this.host.nextChunk(); chunk; chunk = await this.host.nextChunk()) {
        yield chunk;
      }
    } finally {
      await this.host.stopCompletion();
    }
  }
}
