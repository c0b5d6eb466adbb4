import type { ReactNode } from 'react';

/**
 * Stands in for `markdown-to-jsx` (aliased in vite.config.ts): RJSF imports it for RichDescription/RichHelp (about
 * 32 KB gzip); our forms show descriptions as plain text, so this renders its children as they are.
 */
export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{children}</>;
}

export default Markdown;
