/**
 * A `ChatEngine` hosted in another context (`ChatEngineHost`), reached over comlink: the library
 * worker's view of the browser's built-in model, which the page holds. Token counts are the
 * shared estimate (the host's engine checks the real count before it sends a prompt). A call
 * stopped by its signal ends at once with the text forwarded so far; the host stops its side.
 */
import type { Remote } from 'comlink';
import type {
  ChatEngine,
  ChatEngineInfo,
  ChatRequest,
  ChatResponse,
} from '../../../core/ports/chat-engine.ts';
import { estimatePromptTokens, estimateTokens } from '../token-estimate.ts';
import type { ChatEngineHost } from './chat-engine-host.ts';

export class RemoteChatEngine implements ChatEngine {
  private constructor(
    private readonly host: Remote<ChatEngineHost>,
    readonly info: ChatEngineInfo,
  ) {}

  /** Connects to `host`, reading what its engine is. */
  static async connect(host: Remote<ChatEngineHost>): Promise<RemoteChatEngine> {
    return new RemoteChatEngine(host, await host.info());
  }

  countTokens(text: string): number {
    return estimateTokens(text);
  }

  async complete(request: ChatRequest): Promise<ChatResponse> {
    const { signal, onDelta, ...hosted } = request;
    let text = '';
    if (!signal?.aborted) {
      const id = await this.host.start(hosted);
      const stop = (): void => void this.host.stop(id);
      signal?.addEventListener('abort', stop, { once: true });
      try {
        while (!signal?.aborted) {
          const step = await this.host.next(id);
          if ('response' in step) return step.response;
          if (signal?.aborted) break;
          text += step.delta;
          onDelta?.(step.delta);
        }
      } catch (error) {
        if (!signal?.aborted) throw error;
      } finally {
        signal?.removeEventListener('abort', stop);
      }
    }
    return {
      text,
      finishReason: 'abort',
      usage: {
        promptTokens: estimatePromptTokens(request.messages),
        completionTokens: estimateTokens(text),
      },
    };
  }
}
