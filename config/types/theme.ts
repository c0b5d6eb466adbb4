/* Generated from config/schema/theme.schema.json by scripts/gen-config-types.ts. Do not edit. */

/**
 * A sub-product theme: CSS custom properties set on the document root.
 */
export interface ThemeConfig {
  $schema?: string;
  /**
   * Matches the file name theme-<id>.json and product subProTheme.
   */
  id: number;
  /**
   * Every theme sets the same custom properties; the stylesheets use only these.
   */
  properties: {
    '--color-primary': string;
    '--color-primary-contrast': string;
    '--color-primary-soft': string;
    '--color-accent': string;
    '--color-bg': string;
    '--color-surface': string;
    '--color-text': string;
    '--color-text-muted': string;
    '--color-border': string;
    /**
     * Outline of form controls (inputs, selects, radios, checkboxes): at least 3:1 against --color-surface, --color-bg and --color-primary-soft (WCAG 1.4.11); --color-border is for dividers only.
     */
    '--color-control-border': string;
    '--color-danger': string;
    '--color-success': string;
    '--radius': string;
  };
}
