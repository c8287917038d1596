import { describe, expect, it } from 'vitest';
import { jsonParser } from '../../../../src/core/ingest/parsers/json.ts';
import { failureName, parseWith } from '../../../support/parse-helpers.ts';

describe('jsonParser', () => {
  it('flattens objects and arrays into path: value lines, a block per top-level entry', async () => {
    const json = JSON.stringify({
      station: { name: 'Varnholm', location: { elevation: 1150 } },
      sensors: [{ type: 'wind', active: true }, null],
      'odd key': 'multi\nline   text',
      empty: {},
    });
    const document = await parseWith(jsonParser, json, 'config.json');
    expect(document.blocks.map((block) => block.text)).toEqual([
      'station.name: Varnholm\nstation.location.elevation: 1150',
      'sensors[0].type: wind\nsensors[0].active: true\nsensors[1]: null',
      '["odd key"]: multi line text',
    ]);
  });

  it('handles a top-level array and a top-level value', async () => {
    expect((await parseWith(jsonParser, '[1, {"a": 2}]')).text).toBe('[0]: 1\n\n[1].a: 2');
    expect((await parseWith(jsonParser, '"just text"')).text).toBe('just text');
  });

  it('splits a long entry into several blocks', async () => {
    const items = Array.from({ length: 100 }, (_, index) => `item number ${index}`);
    const document = await parseWith(jsonParser, JSON.stringify({ items }));
    expect(document.blocks.length).toBeGreaterThan(1);
    for (const block of document.blocks) expect(block.text.length).toBeLessThanOrEqual(1000);
  });

  it('fails with CorruptFileError on invalid JSON and EmptyFileError on empty containers', async () => {
    expect(await failureName(jsonParser, '{"a": 1,', 'bad.json')).toBe('CorruptFileError');
    expect(await failureName(jsonParser, '{"a": [], "b": {}}', 'empty.json')).toBe(
      'EmptyFileError',
    );
  });

  it('turns a lone surrogate escape into U+FFFD (found by a property test)', async () => {
    const document = await parseWith(jsonParser, '{"":"\\udfff", "a": "\\ud83d\\ude00"}', 'a.json');
    expect(document.text).toBe('[""]: \ufffd\n\na: 😀');
  });

  it('accepts a byte order mark', async () => {
    expect((await parseWith(jsonParser, '\ufeff{"a": "b"}')).text).toBe('a: b');
  });

  it('reads JSON Lines: one value per line, each numbered like an array item', async () => {
    const lines = '{"name": "Ada", "role": "engineer"}\n{"name": "Grace"}\n';
    for (const path of ['people.jsonl', 'people.ndjson']) {
      expect((await parseWith(jsonParser, lines, path)).text).toBe(
        '[0].name: Ada\n[0].role: engineer\n\n[1].name: Grace',
      );
    }
  });

  it('reads values written one after another, and says which ones did not parse', async () => {
    const document = await parseWith(jsonParser, '{"a": 1}{"b": [2]} "three"\n{"c": oops}\n4');
    expect(document.text).toBe('[0].a: 1\n\n[1].b[0]: 2\n\n[2]: three\n\n[3]: 4');
    expect(document.warnings).toHaveLength(1);
    expect(document.warnings?.[0]).toMatch(
      /^1 JSON value\(s\) that do not parse were left out \(line 2: /,
    );
  });

  it('reads JSONC: comments and trailing commas, never touching text inside strings', async () => {
    const jsonc = [
      '// editor settings',
      '{',
      '  /* the font */ "font": "Fira // Code",',
      '  "url": "https://example.org/a/*b*/",',
      '  "list": [1, 2, ],',
      '}',
    ].join('\n');
    expect((await parseWith(jsonParser, jsonc, 'settings.jsonc')).text).toBe(
      'font: Fira // Code\n\nurl: https://example.org/a/*b*/\n\nlist[0]: 1\nlist[1]: 2',
    );
  });

  it('fails with CorruptFileError when no value of the file parses', async () => {
    expect(await failureName(jsonParser, '{"a": oops}\n{"b": }', 'bad.jsonl')).toBe(
      'CorruptFileError',
    );
  });
});
