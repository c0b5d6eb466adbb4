/**
 * Stands in for `yaml`, `json5` and `codemirror-json5` in the staff build (scripts/vite/json-editor-trim.ts). The
 * JSON editor's codemirror-json-schema imports them for its YAML and JSON5 modes, whose parsers its JSON mode links
 * in (parsers/index.js picks one by mode at run time) but never calls: the studio edits JSON only. A call says so
 * instead of parsing.
 */
const unused = (): never => {
  throw new Error(
    'The staff console edits JSON only: YAML and JSON5 are not part of its JSON editor (vite.staff.config.ts)',
  );
};

/** The default export of `yaml` and of `json5`, as codemirror-json-schema calls them (`YAML.parse`, `json5.parse`). */
export default { parse: unused, parseDocument: unused, stringify: unused };

/** `codemirror-json5`'s language mode, the one export of it codemirror-json-schema's JSON5 parser takes. */
export const json5 = unused;
