/** Icons drawn inline (no icon font to download); they take the current text colour. */
export type IconName = 'home' | 'loan' | 'profile' | 'back' | 'chevron' | 'check' | 'cross' | 'clock' | 'mail' | 'phone' | 'chat' | 'share' | 'plus' | 'menu';

const PATHS: Record<IconName, string> = {
  home: 'M3 11 12 3l9 8v10a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z',
  loan: 'M4 5h16v14H4zM4 9h16M8 14h3',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  back: 'M15 4 7 12l8 8',
  chevron: 'm9 5 7 7-7 7',
  check: 'm5 12 5 5 9-10',
  cross: 'M6 6l12 12M18 6 6 18',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  phone: 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z',
  chat: 'M4 5h16v11H9l-5 4z',
  share: 'M12 3v12M7 8l5-5 5 5M5 13v7h14v-7',
  plus: 'M12 4v16M4 12h16M4 4h16v16H4z',
  menu: 'M5 7h14M5 12h14M5 17h14',
};

/** An inline SVG icon, decorative unless given a label. */
export function Icon({ name, label, className }: { name: IconName; label?: string; className?: string }) {
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
      <path d={PATHS[name]} />
    </svg>
  );
}
