/** WebLLM off the main thread: the model runs here; `WebWorkerMLCEngine` talks to it by messages. */
// First: the network guard must be in place before web-llm is evaluated.
import { workerNetworkGuard } from '../src/adapters/network/worker-network-guard.ts';
import { WebWorkerMLCEngineHandler } from '@mlc-ai/web-llm';
import { isNetworkSettingsMessage } from '../src/adapters/network/network-settings-message.ts';

const handler = new WebWorkerMLCEngineHandler();

self.onmessage = (message: MessageEvent) => {
  if (isNetworkSettingsMessage(message.data)) {
    const { settings } = message.data;
    workerNetworkGuard.policy.readSettingsWith(() => Promise.resolve(settings));
  } else {
    handler.onmessage(message);
  }
};
