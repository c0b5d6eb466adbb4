/** Path data (24x24 grid) of the icons screens draw with `<Icon path={...} />`; kept apart from the shell's icons so
 * the first bundle does not carry them. */
export const chevronIcon = 'm9 5 7 7-7 7';
export const checkIcon = 'm5 12 5 5 9-10';
export const crossIcon = 'M6 6l12 12M18 6 6 18';
export const clockIcon = 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2';
export const mailIcon = 'M3 6h18v12H3zM3 7l9 6 9-6';
export const phoneIcon = 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z';
export const chatIcon = 'M4 5h16v11H9l-5 4z';
export const plusIcon = 'M12 4v16M4 12h16M4 4h16v16H4z';
