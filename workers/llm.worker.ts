/** WebLLM off the main thread: the model runs here, served to the library worker over comlink. */
// First: the network guard must be in place before web-llm is evaluated.
import { workerNetworkGuard } from '../src/adapters/network/worker-network-guard.ts';
import { MLCEngine } from '@mlc-ai/web-llm';
import { expose } from 'comlink';
import { WebLlmHost } from '../src/adapters/engines/webllm/webllm-host.ts';

expose(new WebLlmHost(workerNetworkGuard.policy, (config) => new MLCEngine(config)));
