import { expose, wrap } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { engineOverBridge, ocrBridgeOf, type OcrBridge } from '../../../src/app/ocr-bridge.ts';
import { OcrImageError, OcrUnavailableError } from '../../../src/core/errors.ts';
import type { OcrEngine, OcrEngineSource } from '../../../src/core/ports/ocr-engine.ts';

const RESULT = {
  paragraphs: [
    {
      lines: [
        {
          box: { x0: 0, y0: 0, x1: 10, y1: 5 },
          words: [{ text: 'ledger', confidence: 91, box: { x0: 0, y0: 0, x1: 10, y1: 5 } }],
        },
      ],
    },
  ],
};

/** An engine that reads every image as RESULT, except the bytes [0] (undecodable) and [1] (no engine). */
const engine: OcrEngine = {
  languages: ['eng'],
  recognise: (image) => {
    if (image[0] === 0) return Promise.reject(new OcrImageError('Error attempting to read image.'));
    if (image[0] === 1) return Promise.reject(new OcrUnavailableError('no language data'));
    return Promise.resolve(RESULT);
  },
};

const channels: MessageChannel[] = [];

/** The bridge as a parse worker holds it: a comlink proxy over a real message channel. */
function acrossChannel(source: OcrEngineSource): OcrBridge {
  const channel = new MessageChannel();
  channels.push(channel);
  expose(ocrBridgeOf(source), channel.port1);
  return wrap<OcrBridge>(channel.port2) as unknown as OcrBridge;
}

describe('the OCR bridge', () => {
  afterEach(() => {
    for (const channel of channels.splice(0)) {
      channel.port1.close();
      channel.port2.close();
    }
  });

  it("reads an image with the library worker's engine, across a message channel", async () => {
    const parsers = await engineOverBridge(acrossChannel(() => Promise.resolve(engine)));
    expect(parsers?.languages).toEqual(['eng']);
    expect(await parsers?.recognise(new Uint8Array([7]))).toEqual(RESULT);
  });

  it('throws an image that could not be decoded as OcrImageError again, with its detail', async () => {
    const parsers = await engineOverBridge(acrossChannel(() => Promise.resolve(engine)));
    const failure = await parsers?.recognise(new Uint8Array([0])).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OcrImageError);
    expect((failure as OcrImageError).detail).toBe('Error attempting to read image.');
  });

  it('passes other failures on by name', async () => {
    const parsers = await engineOverBridge(acrossChannel(() => Promise.resolve(engine)));
    await expect(parsers?.recognise(new Uint8Array([1]))).rejects.toThrow('no language data');
  });

  it('is no engine while text recognition is turned off, or before the bridge is connected', async () => {
    expect(await engineOverBridge(acrossChannel(() => Promise.resolve(undefined)))).toBeUndefined();
    expect(await engineOverBridge(undefined)).toBeUndefined();
  });
});
