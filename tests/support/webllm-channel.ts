/**
 * The llm worker and the library worker's end of it in one Node process: a `WebLlmHost` over a
 * stand-in engine, exposed with comlink on one port of a `MessageChannel`, and the model loaded
 * with `connectWebLlmEngine` from the other. What runs across is the comlink plumbing: no model.
 */
import type { MLCEngineConfig } from '@mlc-ai/web-llm';
import { expose } from 'comlink';
import {
  connectWebLlmEngine,
  type LoadedWebLlmEngine,
  type WebLlmLoadOptions,
} from '../../src/adapters/engines/webllm/load.ts';
import {
  WebLlmHost,
  type HostedWebLlmEngine,
} from '../../src/adapters/engines/webllm/webllm-host.ts';
import type { ReadNetworkSettings } from '../../src/adapters/network/network-policy.ts';
import { customModel } from '../../src/catalogues/webllm-models.ts';

export const standInModel = customModel({
  url: 'https://models.example/Stand-In-q4f32_1-MLC',
  modelLib: 'https://models.example/stand-in.wasm',
});

export class WebLlmChannel {
  /** The configs the host made its engines with, in order. */
  readonly configs: MLCEngineConfig[] = [];
  /** How the host's network policy reads the settings, once `load` has given them. */
  readSettings: ReadNetworkSettings | undefined;
  closed = false;
  private readonly channel = new MessageChannel();

  constructor(engine: HostedWebLlmEngine) {
    const policy = {
      readSettingsWith: (read: ReadNetworkSettings): void => {
        this.readSettings = read;
      },
    };
    const createEngine = (config: MLCEngineConfig): HostedWebLlmEngine => {
      this.configs.push(config);
      return engine;
    };
    expose(new WebLlmHost(policy, createEngine), this.channel.port1);
  }

  /** Loads `standInModel` (unless `options` names another) across the channel. */
  connect(options: Partial<WebLlmLoadOptions> = {}): Promise<LoadedWebLlmEngine> {
    return connectWebLlmEngine(
      this.channel.port2,
      { model: standInModel, network: {}, ...options },
      () => this.close(),
    );
  }

  close(): void {
    this.closed = true;
    this.channel.port1.close();
    this.channel.port2.close();
  }
}
