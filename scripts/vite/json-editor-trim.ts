/**
 * Keeps the staff console's JSON editor chunk to what its JSON mode runs. codemirror-json-schema links in its YAML
 * and JSON5 parsers (with `yaml`, `json5` and `codemirror-json5`) whatever the mode, and renders its messages with
 * markdown-it and shiki (utils/markdown.js): about three quarters of the chunk, for an editor that is JSON only and
 * whose messages are sentences with `code` spans. Only imports made by codemirror-json-schema's own files are
 * replaced (staff/stand-ins/json-schema-*.ts); nothing else in the build resolves differently.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PACKAGE = '/node_modules/codemirror-json-schema/dist/';
/** The modules its reachable files import for the YAML and JSON5 modes (parsers/yaml-parser.js, json5-parser.js). */
const MODES = new Set(['yaml', 'json5', 'codemirror-json5']);
/** Its markdown renderer, as features/completion.js, hover.js and validation.js import it. */
const MARKDOWN = '../utils/markdown';

export function jsonEditorTrim(): Plugin {
  const modes = fileURLToPath(new URL('../../staff/stand-ins/json-schema-modes.ts', import.meta.url));
  const markdown = fileURLToPath(new URL('../../staff/stand-ins/json-schema-markdown.ts', import.meta.url));
  return {
    name: 'json-editor-trim',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.replaceAll('\\', '/').includes(PACKAGE)) return null;
      if (MODES.has(source)) return modes;
      if (source === MARKDOWN || source === `${MARKDOWN}.js`) return markdown;
      return null;
    },
  };
}
