import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '#staff/stand-ins/json-schema-markdown.ts';
import standIn, { json5 } from '#staff/stand-ins/json-schema-modes.ts';
import { jsonEditorTrim } from './json-editor-trim.ts';

const resolve = (source: string, importer: string | undefined): unknown => {
  const hook = jsonEditorTrim().resolveId as (source: string, importer: string | undefined) => unknown;
  return hook(source, importer);
};
const inPackage = '/work/app/node_modules/codemirror-json-schema/dist/features/validation.js';

describe("the JSON editor's stand-ins", () => {
  it('replace only what codemirror-json-schema imports for YAML, JSON5 and markdown', () => {
    expect(resolve('yaml', '/work/app/node_modules/codemirror-json-schema/dist/parsers/yaml-parser.js')).toMatch(
      /json-schema-modes\.ts$/u,
    );
    expect(resolve('json5', inPackage)).toMatch(/json-schema-modes\.ts$/u);
    expect(resolve('codemirror-json5', inPackage)).toMatch(/json-schema-modes\.ts$/u);
    expect(resolve('../utils/markdown', inPackage)).toMatch(/json-schema-markdown\.ts$/u);
    expect(resolve('yaml', '/work/app/staff/anything.ts')).toBeNull();
    expect(resolve('../utils/markdown', '/work/app/staff/forms-studio/x.ts')).toBeNull();
    expect(resolve('json-schema-library', inPackage)).toBeNull();
  });

  it('refuse to parse YAML or JSON5, saying why', () => {
    expect(() => standIn.parse()).toThrow(/JSON only/u);
    expect(() => json5()).toThrow(/JSON only/u);
  });

  it("render the messages' code spans and strong text, and escape everything else", () => {
    expect(renderMarkdown('Expected `string` but received **<b>x</b>**')).toBe(
      'Expected <code>string</code> but received <strong>&lt;b&gt;x&lt;/b&gt;</strong>',
    );
    expect(renderMarkdown('`object` or `boolean`', false)).toBe('<p><code>object</code> or <code>boolean</code></p>');
    expect(renderMarkdown('one\ntwo\n\nthree', false)).toBe('<p>one<br>two</p><p>three</p>');
  });
});
