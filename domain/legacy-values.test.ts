import { describe, expect, it } from 'vitest';
import { upgradeSection } from './legacy-values.ts';

describe('old marital status values', () => {
  it("read as today's status and the children answer they carried", () => {
    const cases: [string, string, string][] = [
      ['marriedWithChildren', 'married', 'yes'],
      ['marriedWithoutChildren', 'married', 'no'],
      ['divorcedWithChildren', 'divorced', 'yes'],
      ['divorcedWithoutChildren', 'divorced', 'no'],
      ['widowedWithChildren', 'widowed', 'yes'],
      ['widowedWithoutChildren', 'widowed', 'no'],
    ];
    for (const [old, status, children] of cases) {
      expect(upgradeSection('baseInfo', { maritalStatus: old, education: 'college' })).toEqual({
        maritalStatus: status,
        children,
        education: 'college',
      });
    }
  });

  it("leaves today's values, other steps and odd data as they are", () => {
    const current = { maritalStatus: 'married', education: 'college' };
    expect(upgradeSection('baseInfo', current)).toBe(current);
    expect(upgradeSection('baseInfo', { maritalStatus: 'widowedWithChildren', children: 'no' })).toEqual({
      maritalStatus: 'widowed',
      children: 'no',
    });
    const other = { maritalStatus: 'marriedWithChildren' };
    expect(upgradeSection('workInfo', other)).toBe(other);
    expect(upgradeSection('baseInfo', null)).toBeNull();
    expect(upgradeSection('baseInfo', { maritalStatus: 'toString' })).toEqual({ maritalStatus: 'toString' });
  });
});
