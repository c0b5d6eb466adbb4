/**
 * Leaves out of the web bundles what the repository's JSON files say to their readers only: `$comment` (notes for
 * product staff and developers, some of a paragraph) and `$schema` (the editor's pointer to a meta-schema). The
 * browser renders forms and reads config without them; the compiled validators and the server read the files
 * themselves, untouched. Only files under config/ and forms/ are rewritten. A form schema is walked as a schema
 * (engine/validation/without-comments.ts, the one walk the published forms use too): a property or a value named
 * `$comment` is data and stays. A config file is not a schema: its notes go at any depth.
 */
import type { Plugin } from 'vite';
import { withoutComments } from '#engine/validation/without-comments.ts';

const NOTES = new Set(['$comment', '$schema']);
const OURS = /[/\\](?:config|schemas)[/\\][^?]*\.json$/u;
const FORM_SCHEMA = /[/\\]schemas[/\\][^?]*\.schema\.json$/u;

/** A config value without `$comment` and `$schema` keys, at any depth. */
export function withoutNotes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNotes);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !NOTES.has(key))
      .map(([key, v]) => [key, withoutNotes(v)]),
  );
}

export function jsonNotesOut(): Plugin {
  return {
    name: 'json-notes-out',
    enforce: 'pre',
    transform(code, id) {
      if (!OURS.test(id) || id.includes('node_modules')) return null;
      const value: unknown = JSON.parse(code);
      const out = FORM_SCHEMA.test(id) ? withoutComments(value, NOTES) : withoutNotes(value);
      return { code: JSON.stringify(out), map: null };
    },
  };
}
