import { describe, expect, it } from 'vitest';
import { RouteTable, stylesheetName } from './route-table.ts';

describe('RouteTable', () => {
  const table = new RouteTable([
    { name: 'a', path: '/a', screen: 'a', aliases: ['/alpha'] },
    { name: 'b', path: '/b', screen: 'b' },
  ]);

  it('resolves paths and aliases, ignoring a trailing slash', () => {
    expect(table.resolve('/a')).toEqual({ route: table.routes[0], viaAlias: false });
    expect(table.resolve('/a/')?.route.name).toBe('a');
    expect(table.resolve('/alpha')).toEqual({ route: table.routes[0], viaAlias: true });
    expect(table.resolve('/c')).toBeUndefined();
    expect(table.byRouteName('b')?.path).toBe('/b');
  });

  it('refuses a table with a duplicate name, path or alias', () => {
    expect(
      () =>
        new RouteTable([
          { name: 'a', path: '/a' },
          { name: 'a', path: '/b' },
        ]),
    ).toThrow(/duplicate route name/);
    expect(
      () =>
        new RouteTable([
          { name: 'a', path: '/a' },
          { name: 'b', path: '/a' },
        ]),
    ).toThrow(/used twice/);
    expect(
      () =>
        new RouteTable([
          { name: 'a', path: '/a' },
          { name: 'b', path: '/b', aliases: ['/a'] },
        ]),
    ).toThrow(/used twice/);
  });
});

describe('stylesheetName', () => {
  it('uses welcome for the root and the path otherwise', () => {
    expect(stylesheetName('/')).toBe('welcome');
    expect(stylesheetName('/aboutUs')).toBe('aboutUs');
    expect(stylesheetName('/privacy/')).toBe('privacy');
  });
});
