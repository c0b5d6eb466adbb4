/**
 * The form studio's library: the checks of form, flow and theme drafts, the changes that would break
 * saved profiles, and the differences between two versions. Pure TypeScript without React: the server runs it on
 * every save and submit, the staff console shows its findings with the texts of their codes (`studio.*` in
 * locales/<lng>/staff.json).
 */
export { checkForm } from './check-form.ts';
export type { FormCheckContext } from './check-form.ts';
export { checkTheme, contrastRatio, THEME_COLOURS, THEME_PAIRS } from './check-theme.ts';
export {
  isThemeEntry,
  isThemeValue,
  THEME_LENGTH_MAX,
  THEME_PROPERTIES,
  themePropertyType,
} from './theme-properties.ts';
export type { ThemeProperty, ThemeValueType } from './theme-properties.ts';
export { checkFlow, FLOW_END, normalizeFlow } from './check-flow.ts';
export type { FlowCheckContext } from './check-flow.ts';
export { addedRequired, breakingChanges } from './breaking.ts';
export { diffContent } from './diff.ts';
export type {
  Breaking,
  Change,
  Check,
  FlowContentLike,
  FlowStepLike,
  FormContentLike,
  ThemeContentLike,
} from './types.ts';
