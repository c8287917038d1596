/**
 * A language model behind one interface, as web-llm does for its engines: the pipeline never
 * knows whether the model runs in a worker (WebLLM), in the browser (its built-in model), on a local server (OpenAI-compatible), is
 * extractive (no model at all) or scripted (tests). Every adapter passes
 * `tests/contracts/chat-engine.contract.ts`.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A JSON Schema object (draft 2020-12 subset: type, properties, required, enum, items). */
export type JsonSchema = Record<string, unknown>;

export type ResponseFormat = { type: 'text' } | { type: 'json'; name: string; schema: JsonSchema };

/** One passage the model may quote, with the id a citation uses. */
export interface PromptPassage {
  id: string;
  text: string;
}

/**
 * What a request is for, beside its messages. LLM engines ignore it; the extractive engine,
 * which cannot read instructions, works from it, and returns its defined fallback for purposes
 * it cannot serve.
 */
export type ChatPurpose =
  | { kind: 'answer'; question: string; passages: PromptPassage[] }
  | { kind: 'control'; step: string };

export interface ChatRequest {
  messages: ChatMessage[];
  purpose?: ChatPurpose;
  /** Upper bound on completion tokens. */
  maxTokens?: number;
  temperature?: number;
  responseFormat?: ResponseFormat;
  signal?: AbortSignal;
  /** Called with each piece of streamed text, in order. */
  onDelta?: (text: string) => void;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatResponse {
  text: string;
  usage: TokenUsage;
  /** `length`: stopped at maxTokens; `abort`: the signal fired (text is what arrived). */
  finishReason: 'stop' | 'length' | 'abort';
}

export interface ChatEngineInfo {
  /** Model id, e.g. `Qwen2.5-1.5B-Instruct-q4f16_1-MLC`, `llama3.2:3b`, `extractive`. */
  id: string;
  kind: 'webllm' | 'built-in' | 'openai' | 'extractive' | 'scripted';
  /** Context window in tokens: every prompt plus maxTokens must fit. */
  contextWindow: number;
  /** Whether `responseFormat: json` is enforced by the engine (else: prompt + tolerant parse). */
  constrainedJson: boolean;
}

export interface ChatEngine {
  readonly info: ChatEngineInfo;
  complete(request: ChatRequest): Promise<ChatResponse>;
  /** Token count of `text` for this model (exact where the engine exposes its tokenizer). */
  countTokens(text: string): number;
}
