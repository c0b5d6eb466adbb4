/**
 * Stands in for codemirror-json-schema's utils/markdown.js in the staff build (scripts/vite/json-editor-trim.ts).
 * That module renders the editor's lint messages, hover texts and completion descriptions with markdown-it, and
 * highlights code blocks in them with shiki (a highlighter, two themes and a language grammar, fetched at load):
 * most of the JSON editor's chunk for texts that are a sentence with `code` spans. This renders what those texts
 * use (HTML escaped, `code`, **strong**, line breaks) and nothing more; its output goes into `innerHTML`, so
 * everything else is escaped text.
 */
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const escape = (text: string): string => text.replace(/[&<>"']/gu, (c) => ESCAPES[c] ?? c);

/** `markdown` as HTML: one line of inline markup, or (`inline` false) paragraphs with line breaks. */
export function renderMarkdown(markdown: string, inline = true): string {
  const html = escape(markdown)
    .replace(/`([^`]+)`/gu, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/gu, '<strong>$1</strong>');
  if (inline) return html;
  return html
    .split(/\n{2,}/u)
    .map((paragraph) => `<p>${paragraph.replace(/\n/gu, '<br>')}</p>`)
    .join('');
}
