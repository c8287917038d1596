/**
 * The network guard of this worker, installed when this module is evaluated. Each worker entry
 * imports it first, so it runs before web-llm, transformers.js or onnxruntime-web are evaluated
 * and before anything can keep a reference to the unguarded `fetch`.
 */
import { installNetworkGuard } from './network-guard.ts';

export const workerNetworkGuard = installNetworkGuard(self);
