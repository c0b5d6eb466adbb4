/**
 * Stands in for `fast-equals` (aliased in vite.config.ts for the browser build): @rjsf/utils imports only
 * `createCustomEqual` to build its `deepEquals` (circular references tracked, any two functions equal), and the
 * library's comparators for every built-in type weigh about 4 KB gzip. This is a structural deep equality over what
 * form data and schemas hold (primitives, arrays, plain objects, Date, RegExp, Map, Set), SameValueZero for
 * primitives like fast-equals, with the same two options. stand-ins.test.ts compares it with fast-equals.
 */
type Equal = (a: unknown, b: unknown) => boolean;

interface CustomConfig {
  areFunctionsEqual?: (a: unknown, b: unknown) => boolean;
}

interface Options {
  circular?: boolean;
  createCustomConfig?: (defaults: object) => CustomConfig;
}

export function createCustomEqual(options: Options = {}): Equal {
  const config = options.createCustomConfig?.({}) ?? {};
  const functionsEqual = config.areFunctionsEqual ?? ((a: unknown, b: unknown) => a === b);

  const equal = (a: unknown, b: unknown, seen: Map<object, object> | undefined): boolean => {
    if (a === b || (a !== a && b !== b)) return true;
    if (typeof a === 'function' || typeof b === 'function') return typeof a === 'function' && functionsEqual(a, b);
    if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    if (seen) {
      const paired = seen.get(a);
      if (paired !== undefined) return paired === b;
      seen.set(a, b);
    }
    try {
      if (Array.isArray(a)) {
        const other = b as unknown[];
        return a.length === other.length && a.every((item, i) => equal(item, other[i], seen));
      }
      if (a instanceof Date) return Object.is((a).getTime(), (b as Date).getTime());
      if (a instanceof RegExp) return String(a) === String(b);
      if (a instanceof Map) {
        const other = b as Map<unknown, unknown>;
        if (a.size !== other.size) return false;
        for (const [key, value] of a) if (!other.has(key) || !equal(value, other.get(key), seen)) return false;
        return true;
      }
      if (a instanceof Set) {
        const other = b as Set<unknown>;
        if (a.size !== other.size) return false;
        for (const value of a) if (!other.has(value)) return false;
        return true;
      }
      const keysA = Object.keys(a);
      const objB = b as Record<string, unknown>;
      if (keysA.length !== Object.keys(objB).length) return false;
      return keysA.every((key) => Object.prototype.hasOwnProperty.call(objB, key) && equal((a as Record<string, unknown>)[key], objB[key], seen));
    } finally {
      seen?.delete(a);
    }
  };

  return (a, b) => equal(a, b, options.circular ? new Map() : undefined);
}
