import { expose, wrap } from 'comlink';
import { OpenAiCompatibleEngine } from '../../src/adapters/engines/openai-compatible-engine.ts';
import { PromptApiEngine } from '../../src/adapters/engines/prompt-api/prompt-api-engine.ts';
import { findLanguageModel } from '../../src/adapters/engines/prompt-api/prompt-api.ts';
import { ChatEngineHost } from '../../src/adapters/engines/remote/chat-engine-host.ts';
import { RemoteChatEngine } from '../../src/adapters/engines/remote/remote-chat-engine.ts';
import { ScriptedEngine } from '../../src/adapters/engines/scripted-engine.ts';
import { WebLlmEngine } from '../../src/adapters/engines/webllm/webllm-engine.ts';
import { startChatServer } from '../support/chat-server.ts';
import { installPromptApiStandIn } from '../support/prompt-api-stand-in.ts';
import { WebLlmChannel } from '../support/webllm-channel.ts';
import { WebLlmStandIn } from '../support/webllm-stand-in.ts';
import { describeChatEngineContract } from './chat-engine.contract.ts';

describeChatEngineContract('scripted', async (responses) => {
  const engine = new ScriptedEngine(responses);
  return {
    engine,
    schemaSeen: () => {
      const format = engine.calls.at(-1)?.responseFormat;
      return format?.type === 'json' ? format.schema : undefined;
    },
    close: async () => undefined,
  };
});

describeChatEngineContract('OpenAI-compatible, against a local SSE server', async (responses) => {
  const server = await startChatServer(
    responses.map((text) => ({ kind: 'stream', pieces: [...chunksOf(text, 5)] })),
  );
  return {
    engine: new OpenAiCompatibleEngine({
      baseUrl: server.url,
      model: 'test-model',
      contextWindow: 8192,
      retries: 0,
    }),
    schemaSeen: () => {
      const format = server.requests.at(-1)?.response_format as
        { json_schema?: { schema?: unknown } } | undefined;
      return format?.json_schema?.schema;
    },
    close: () => server.close(),
  };
});

describeChatEngineContract(
  'WebLLM adapter over a stand-in engine (no model runs)',
  async (responses) => {
    const standIn = new WebLlmStandIn(responses);
    return {
      engine: new WebLlmEngine(standIn, {
        id: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC',
        contextWindow: 4096,
      }),
      schemaSeen: () => {
        const schema = standIn.requests.at(-1)?.response_format?.schema;
        return schema === undefined ? undefined : (JSON.parse(schema) as unknown);
      },
      close: async () => undefined,
    };
  },
);

describeChatEngineContract(
  "WebLLM across the llm worker's comlink API, over a stand-in engine (no model runs)",
  async (responses) => {
    const standIn = new WebLlmStandIn(responses);
    const channel = new WebLlmChannel(standIn);
    const loaded = await channel.connect();
    return {
      engine: loaded.engine,
      schemaSeen: () => {
        const schema = standIn.requests.at(-1)?.response_format?.schema;
        return schema === undefined ? undefined : (JSON.parse(schema) as unknown);
      },
      close: () => loaded.unload(),
    };
  },
);

describeChatEngineContract(
  "the browser's built-in model (Prompt API) over a stand-in of its interface",
  async (responses) => {
    const scope: Record<string, unknown> = {};
    const standIn = installPromptApiStandIn(scope, { availability: 'available', responses });
    const factory = findLanguageModel(scope);
    if (!factory) throw new Error('The stand-in installed no LanguageModel.');
    const engine = await PromptApiEngine.load(factory);
    return {
      engine,
      schemaSeen: () => standIn.sessions.at(-1)?.prompts.at(-1)?.responseConstraint,
      close: async () => engine.destroy(),
    };
  },
);

describeChatEngineContract(
  'the built-in model held by the page, reached across comlink as the library worker reaches it',
  async (responses) => {
    const scope: Record<string, unknown> = {};
    const standIn = installPromptApiStandIn(scope, { availability: 'available', responses });
    const factory = findLanguageModel(scope);
    if (!factory) throw new Error('The stand-in installed no LanguageModel.');
    const engine = await PromptApiEngine.load(factory);
    const channel = new MessageChannel();
    expose(new ChatEngineHost(engine), channel.port1);
    return {
      engine: await RemoteChatEngine.connect(wrap<ChatEngineHost>(channel.port2)),
      schemaSeen: () => standIn.sessions.at(-1)?.prompts.at(-1)?.responseConstraint,
      close: async () => {
        engine.destroy();
        channel.port1.close();
        channel.port2.close();
      },
    };
  },
);

function* chunksOf(text: string, size: number): Generator<string> {
  for (let start = 0; start < text.length; start += size) yield text.slice(start, start + size);
}
