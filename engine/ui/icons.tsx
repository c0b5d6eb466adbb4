/**
 * Icons drawn inline (no icon font to download); they take the current text colour: `<Icon path={backIcon} />`.
 * This module holds the shell's own shapes (it ships in the first bundle); screens' shapes are in icon-set.ts.
 */
export const homeIcon = 'M3 11 12 3l9 8v10a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z';
export const loanIcon = 'M4 5h16v14H4zM4 9h16M8 14h3';
export const profileIcon = 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0';
export const backIcon = 'M15 4 7 12l8 8';

/** An inline SVG icon of the given path data (a 24x24 grid), decorative unless given a label. */
export function Icon({ path, label, className }: { path: string; label?: string; className?: string }) {
  return (
    <svg
      className={className ? `ui-icon ${className}` : 'ui-icon'}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path d={path} />
    </svg>
  );
}
