/**
 * The library worker's one OCR engine as the parse workers reach it over comlink. An error that
 * crosses a worker boundary keeps only its name and message, and the image parsers tell an image
 * that could not be decoded (`OcrImageError`, a damaged file) from other failures by its class:
 * so the bridge answers that case as data, and the parse worker's side throws the class again.
 */
import { OcrImageError } from '../core/errors.ts';
import type { OcrEngine, OcrEngineSource, OcrResult } from '../core/ports/ocr-engine.ts';

/** What the bridge answers for one image: what was recognised, or why it could not be decoded. */
export type OcrReply = { result: OcrResult } | { imageError: string };

export interface OcrBridge {
  /** The engine's languages; undefined while text recognition is turned off. */
  languages(): Promise<readonly string[] | undefined>;
  recognise(image: Uint8Array): Promise<OcrReply>;
}

/** The library worker's side: `ocrEngine` behind the bridge. */
export function ocrBridgeOf(ocrEngine: OcrEngineSource): OcrBridge {
  return {
    languages: async () => (await ocrEngine())?.languages,
    recognise: async (image) => {
      const engine = await ocrEngine();
      if (!engine) throw new DOMException('Text recognition is turned off.', 'NotSupportedError');
      try {
        return { result: await engine.recognise(image) };
      } catch (error) {
        if (error instanceof OcrImageError) return { imageError: error.detail };
        throw error;
      }
    },
  };
}

/** The parse worker's side: the engine as its parsers use it; undefined while OCR is off. */
export async function engineOverBridge(
  bridge: OcrBridge | undefined,
): Promise<OcrEngine | undefined> {
  const languages = await bridge?.languages();
  if (!bridge || !languages) return undefined;
  return {
    languages,
    recognise: async (image) => {
      const reply = await bridge.recognise(image);
      if ('imageError' in reply) throw new OcrImageError(reply.imageError);
      return reply.result;
    },
  };
}
