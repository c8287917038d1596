import { describe, expect, it } from 'vitest';
import {
  gapSignals,
  MONITOR_OVERLAP_CHARACTERS,
  MONITOR_WINDOW_CHARACTERS,
  MonitorWindowScanner,
  newGapSignals,
  sentenceAt,
  sentenceStart,
  type MonitorWindow,
} from '../../../../src/core/agents/refine/monitor-signals.ts';

/** Every window the scanner gives while `text` grows by `pieces`, then the final one. */
function scan(text: string, pieceLength: number): MonitorWindow[] {
  const scanner = new MonitorWindowScanner();
  const windows: MonitorWindow[] = [];
  let streamed = '';
  for (let start = 0; start < text.length; start += pieceLength) {
    streamed += text.slice(start, start + pieceLength);
    for (let window = scanner.next(streamed); window; window = scanner.next(streamed)) {
      windows.push(window);
    }
  }
  for (let window = scanner.next(streamed, true); window; window = scanner.next(streamed, true)) {
    windows.push(window);
  }
  return windows;
}

const TEXT = Array.from({ length: 1300 }, (_, index) =>
  String.fromCharCode(97 + (index % 26)),
).join('');

describe('MonitorWindowScanner', () => {
  it('gives 512-character windows overlapping by 128, each once, then the tail', () => {
    expect(MONITOR_WINDOW_CHARACTERS).toBe(512);
    expect(MONITOR_OVERLAP_CHARACTERS).toBe(128);
    for (const pieceLength of [1, 7, 100, 513, 5000]) {
      const windows = scan(TEXT, pieceLength);
      expect(windows.map(({ start, end, final }) => [start, end, final])).toEqual([
        [0, 512, false],
        [384, 896, false],
        [768, 1280, false],
        [1152, 1300, true],
      ]);
      expect(windows.every((window) => window.text === TEXT.slice(window.start, window.end))).toBe(
        true,
      );
      expect(windows.map(({ unseenFrom }) => unseenFrom)).toEqual([0, 512, 896, 1280]);
    }
  });

  it('gives one short window for a short text, none for an empty one or a covered end', () => {
    expect(scan('Short.', 2)).toMatchObject([{ start: 0, end: 6, final: true }]);
    expect(scan('', 2)).toEqual([]);
    expect(scan(TEXT.slice(0, 512), 50).map(({ end }) => end)).toEqual([512]);
  });

  it('gives the windows over rewritten text again after a rewind', () => {
    const scanner = new MonitorWindowScanner();
    expect(scanner.next(TEXT.slice(0, 900))?.start).toBe(0);
    expect(scanner.next(TEXT.slice(0, 900))?.start).toBe(384);
    scanner.rewind(700);
    const rewritten = TEXT.slice(0, 700) + 'z'.repeat(300);
    expect(scanner.next(rewritten)).toMatchObject({ start: 384, end: 896, unseenFrom: 700 });
    expect(scanner.next(rewritten)).toBeUndefined();
  });
});

const KNOWN =
  'Why is the Varnholm core drilled? The Lake Varnholm station sits at 312 metres. Its director is Dr. Ingrid Solberg.';

describe('gapSignals', () => {
  it('finds hedging phrases with their offsets', () => {
    const window =
      'The core is possibly older. I am not sure of the depth, and I think it is deep.';
    const signals = gapSignals(window, KNOWN);
    expect(signals.map(({ kind, text }) => [kind, text])).toEqual([
      ['hedge', 'possibly'],
      ['hedge', 'not sure'],
      ['hedge', 'I think'],
    ]);
    expect(signals[0]?.offset).toBe(window.indexOf('possibly'));
  });

  it('finds names absent from what the model was given, not those present', () => {
    const window = 'The station near Oslo is run by Ingrid Solberg and Knut Hamsun [1].';
    expect(gapSignals(window, KNOWN).map(({ text }) => text)).toEqual(['Oslo', 'Knut Hamsun']);
    expect(gapSignals('It was built by lake varnholm people for ingrid solberg.', KNOWN)).toEqual(
      [],
    );
  });

  it('finds absent years and numbers, ignoring citation markers and known numbers', () => {
    const window = 'It sits at 312 metres [12] and was built in 1987, with 45 cores [3, 14].';
    expect(gapSignals(window, KNOWN).map(({ text }) => text)).toEqual(['1987', '45']);
    expect(gapSignals('Cores take 5 days [1].', KNOWN)).toEqual([]);
  });

  it('does not take plain sentence-opening words or stopwords for names', () => {
    const window =
      'Sediment is drilled in winter. However, this is known. Answer: the ice. Because it holds, we drill. I drill.';
    expect(gapSignals(window, KNOWN)).toEqual([]);
    expect(gapSignals('In Bergen the cores are kept.', KNOWN).map(({ text }) => text)).toEqual([
      'Bergen',
    ]);
  });

  it('acts only on signals no earlier window saw whole, and not on words cut at the end', () => {
    const window: MonitorWindow = {
      start: 384,
      end: 896,
      text: `${'x '.repeat(60)}possibly ${'y '.repeat(100)}perhaps ${'z '.repeat(84)}Osl`,
      final: false,
      unseenFrom: 512,
    };
    expect(newGapSignals(window, KNOWN).map(({ text }) => text)).toEqual(['perhaps']);
    expect(newGapSignals({ ...window, final: true }, KNOWN).map(({ text }) => text)).toEqual([
      'perhaps',
      'Osl',
    ]);
  });
});

describe('sentences around a signal', () => {
  const text = 'The station is high. The core is possibly old. It is kept cold.';
  it('finds the sentence holding an offset and where it starts', () => {
    const offset = text.indexOf('possibly');
    expect(sentenceAt(text, offset)).toBe('The core is possibly old.');
    expect(sentenceStart(text, offset)).toBe(text.indexOf('The core'));
    expect(sentenceStart(text, 3)).toBe(0);
  });
});
