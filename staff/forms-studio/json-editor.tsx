/**
 * The JSON view of a version's content: CodeMirror 6 with JSON syntax errors, and completion, validation and hover
 * from the content's JSON Schema (content-schema.ts) through codemirror-json-schema. Its own lazy chunk, fetched
 * when the JSON tab first opens. The editor keeps no history of its own: text that parses becomes an edit of the
 * studio's one content state, and Ctrl/Cmd+Z here is the studio's undo, so undo is the same whichever view made
 * the edit; a change made elsewhere (outline, undo) replaces the text.
 *
 * The editor lives in a shadow root: CodeMirror injects its styles as a <style> element into a document, which the
 * console's CSP (style-src 'self') refuses, but as constructed style sheets (adoptedStyleSheets) into a shadow root.
 */
import { useEffect, useRef } from 'react';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, indentWithTab } from '@codemirror/commands';
import {
  bracketMatching,
  defaultHighlightStyle,
  foldGutter,
  foldKeymap,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { lintGutter, lintKeymap } from '@codemirror/lint';
import { Annotation, EditorState } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { jsonSchema } from 'codemirror-json-schema';
import { useTranslation } from 'react-i18next';
import type { ContentKind } from '#domain/form-content.ts';
import { CONTENT_SCHEMAS } from './content-schema.ts';
import type { Content } from './types.ts';

/** How long after the last keystroke the text is read into the content (one parse per pause, not per key). */
const PARSE_AFTER_MS = 300;

const textOf = (content: Content) => JSON.stringify(content, null, 2);

/** The editor's size and scrolling (the console's style sheet does not reach into the shadow root). */
const size = EditorView.theme({
  '&': { height: '640px', fontSize: '12px', backgroundColor: '#fff' },
  '.cm-scroller': { overflow: 'auto' },
});

/** Marks the text replaced from outside (undo, the outline): not an edit to read back. */
const fromOutside = Annotation.define<boolean>();

export default function JsonEditor({
  kind,
  content,
  editable,
  onChange,
  onUndo,
  onRedo,
}: {
  kind: ContentKind;
  content: Content;
  editable: boolean;
  onChange: (content: Content) => void;
  onUndo: () => void;
  onRedo: () => void;
}) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  /** The content the text last came from or went to: a new one from outside replaces the text. */
  const shown = useRef<Content>(content);
  const handlers = useRef({ onChange, onUndo, onRedo });
  useEffect(() => {
    handlers.current = { onChange, onUndo, onRedo };
  });

  useEffect(() => {
    let timer = 0;
    const read = (state: EditorState) => {
      try {
        const parsed = JSON.parse(state.doc.toString()) as Content;
        shown.current = parsed;
        handlers.current.onChange(parsed);
      } catch {
        // Not JSON (yet): the syntax linter shows where; the content keeps its last valid state.
      }
    };
    const studioHistory = keymap.of([
      { key: 'Mod-z', run: () => (handlers.current.onUndo(), true) },
      { key: 'Mod-Shift-z', run: () => (handlers.current.onRedo(), true) },
      { key: 'Mod-y', run: () => (handlers.current.onRedo(), true) },
    ]);
    const element = host.current!;
    const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    const created = new EditorView({
      root: shadow,
      parent: shadow,
      state: EditorState.create({
        doc: textOf(shown.current),
        extensions: [
          lineNumbers(),
          foldGutter(),
          lintGutter(),
          drawSelection(),
          highlightActiveLine(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          autocompletion(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          studioHistory,
          keymap.of([
            ...closeBracketsKeymap,
            ...defaultKeymap,
            ...foldKeymap,
            ...completionKeymap,
            ...lintKeymap,
            indentWithTab,
          ]),
          jsonSchema(CONTENT_SCHEMAS[kind]),
          size,
          EditorState.readOnly.of(!editable),
          EditorView.editable.of(editable),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            window.clearTimeout(timer);
            if (update.transactions.some((tr) => tr.annotation(fromOutside))) return;
            timer = window.setTimeout(() => read(update.state), PARSE_AFTER_MS);
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      window.clearTimeout(timer);
      created.destroy();
      view.current = undefined;
    };
  }, [kind, editable]);

  useEffect(() => {
    const current = view.current;
    if (!current || content === shown.current) return;
    shown.current = content;
    current.dispatch({
      changes: { from: 0, to: current.state.doc.length, insert: textOf(content) },
      annotations: fromOutside.of(true),
    });
  }, [content]);

  return <div className="st-json" ref={host} data-testid="json-editor" aria-label={t('studio.tabs.json')} />;
}
