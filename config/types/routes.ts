/* Generated from config/schema/routes.schema.json by scripts/gen-config-types.ts. Do not edit. */

/**
 * The route table: every path of the app, its screen, its login check and its caching.
 */
export interface RoutesConfig {
  $schema?: string;
  /**
   * Where the guard sends a visitor without a token and a customer id.
   */
  loginRoute: string;
  /**
   * @minItems 1
   */
  routes: [RouteEntry, ...RouteEntry[]];
  /**
   * Bottom navigation, in order.
   */
  tabs: TabEntry[];
}
export interface RouteEntry {
  /**
   * Unique; keys the view, i18n title routes.<name>.
   */
  name: string;
  path: string;
  /**
   * Screen module src/screens/<screen>/<screen>-screen.tsx; the shell alone where the module does not exist yet.
   */
  screen?: string;
  /**
   * The route only forwards here.
   */
  redirect?: string;
  /**
   * true: no token or customer id needed.
   */
  noCheck?: boolean;
  /**
   * Where a visitor holding a token and a customer id is sent instead.
   */
  loggedInRedirect?: string;
  /**
   * Keep the view mounted (hidden) when navigating away.
   */
  keepAlive?: boolean;
  aliases?: string[];
  /**
   * Show a back button in the title bar (default true).
   */
  back?: boolean;
}
export interface TabEntry {
  /**
   * i18n key nav.<id>.
   */
  id: string;
  /**
   * Name of the route the tab opens.
   */
  route: string;
  icon: 'home' | 'loan' | 'profile';
}
