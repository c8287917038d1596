/** WebLLM off the main thread: the model runs here; `WebWorkerMLCEngine` talks to it by messages. */
import { WebWorkerMLCEngineHandler } from '@mlc-ai/web-llm';

const handler = new WebWorkerMLCEngineHandler();

self.onmessage = (message: MessageEvent) => handler.onmessage(message);
