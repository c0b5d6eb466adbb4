/**
 * Philippine formats and input rules shared by the form engine and the server: one import for all of them.
 * Each rule is a function and, for JSON Schema `pattern`, a regex source string (compile with the `u` flag, as ajv
 * does) that matches the NORMALISED value. The rules live in the files below; import those directly where bundle size
 * matters.
 */
export * from './ph-phone.ts';
export * from './facebook-username.ts';
export * from './postal-code.ts';
export * from './ph-ids.ts';
export * from './chinese-text.ts';
export * from './calendar-date.ts';
export * from './person-name.ts';
