/** The route table as the engine sees it; product config supplies the entries. */
export interface RouteDef {
  name: string;
  path: string;
  screen?: string;
  redirect?: string;
  noCheck?: boolean;
  loggedInRedirect?: string;
  keepAlive?: boolean;
  aliases?: string[];
  back?: boolean;
}

/** A path resolved against the table: the route, and whether it was reached through an alias. */
export interface ResolvedRoute {
  route: RouteDef;
  viaAlias: boolean;
}

/** Lookup by path and alias, built once per table. */
export class RouteTable {
  // Assigned in the constructor, not as class fields: fields compile to defineProperty helpers in the entry chunk.
  declare readonly routes: readonly RouteDef[];
  declare private readonly byPath: Map<string, RouteDef>;
  declare private readonly byAlias: Map<string, RouteDef>;
  declare private readonly byName: Map<string, RouteDef>;

  /** Throws on a duplicate name, path or alias: a broken table must not reach a borrower. */
  constructor(routes: readonly RouteDef[]) {
    this.routes = routes;
    this.byPath = new Map();
    this.byAlias = new Map();
    this.byName = new Map();
    for (const route of routes) {
      if (this.byName.has(route.name)) throw new Error(`duplicate route name ${route.name}`);
      this.byName.set(route.name, route);
      this.claim(this.byPath, route.path, route);
      for (const alias of route.aliases ?? []) this.claim(this.byAlias, alias, route);
    }
  }

  private claim(map: Map<string, RouteDef>, path: string, route: RouteDef): void {
    const key = normalisePath(path);
    if (this.byPath.has(key) || this.byAlias.has(key)) throw new Error(`path ${path} is used twice`);
    map.set(key, route);
  }

  /** The route for a path (canonical or alias), or undefined. */
  resolve(pathname: string): ResolvedRoute | undefined {
    const key = normalisePath(pathname);
    const direct = this.byPath.get(key);
    if (direct) return { route: direct, viaAlias: false };
    const aliased = this.byAlias.get(key);
    return aliased ? { route: aliased, viaAlias: true } : undefined;
  }

  /** The route with this name, or undefined. */
  byRouteName(name: string): RouteDef | undefined {
    return this.byName.get(name);
  }
}

/** Drops a trailing slash (but keeps the root). */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** Name of the page-specific stylesheet for a route path: the path without its slash, 'welcome' for the root. */
export function stylesheetName(path: string): string {
  const trimmed = normalisePath(path).replace(/^\//, '');
  return trimmed === '' ? 'welcome' : trimmed;
}
