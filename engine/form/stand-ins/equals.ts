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

  // The pairs being compared, for circular references; made on the first nested object (most calls compare the
  // same reference or a primitive and never need it).
  let seen: Map<object, object> | undefined;
  const equal = (a: unknown, b: unknown): boolean => {
    if (a === b || (a !== a && b !== b)) return true;
    if (typeof a === 'function' || typeof b === 'function') return typeof a === 'function' && functionsEqual(a, b);
    if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    if (options.circular) {
      seen ??= new Map();
      const paired = seen.get(a);
      if (paired !== undefined) return paired === b;
      seen.set(a, b);
    }
    const result = compare(a, b);
    seen?.delete(a);
    return result;
  };

  const compare = (a: object, b: object): boolean => {
    if (Array.isArray(a)) {
      const other = b as unknown[];
      if (a.length !== other.length) return false;
      for (let i = 0; i < a.length; i++) if (!equal(a[i], other[i])) return false;
      return true;
    }
    if (a instanceof Date) return Object.is(a.getTime(), (b as Date).getTime());
    if (a instanceof RegExp) return String(a) === String(b);
    if (a instanceof Map) {
      const other = b as Map<unknown, unknown>;
      if (a.size !== other.size) return false;
      for (const [key, value] of a) if (!other.has(key) || !equal(value, other.get(key))) return false;
      return true;
    }
    if (a instanceof Set) {
      const other = b as Set<unknown>;
      if (a.size !== other.size) return false;
      for (const value of a) if (!other.has(value)) return false;
      return true;
    }
    const objA = a as Record<string, unknown>;
    const objB = b as Record<string, unknown>;
    const keys = Object.keys(objA);
    if (keys.length !== Object.keys(objB).length) return false;
    for (const key of keys)
      if (!Object.prototype.hasOwnProperty.call(objB, key) || !equal(objA[key], objB[key])) return false;
    return true;
  };

  // `seen` holds a pair only while it is being compared, so one comparison leaves nothing to the next. A comparator
  // calling back into this one would share it: RJSF's (functions are equal) makes no such call.
  return equal;
}
