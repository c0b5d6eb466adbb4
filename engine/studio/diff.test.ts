import { describe, expect, it } from 'vitest';
import { diffContent } from './diff.ts';
import { draft, seedForm } from '#tests/unit/studio-seed.ts';

describe('diffContent', () => {
  it('finds nothing between equal contents', () => {
    expect(diffContent(seedForm('workInfo'), structuredClone(seedForm('workInfo')))).toEqual([]);
  });

  it('reports added, removed and changed values at JSON pointers, in document order', () => {
    const a = { title: 'a', keep: 1, gone: { x: 1 }, nested: { 'a/b': 1, 'c~d': 2 } };
    const b = { title: 'b', keep: 1, nested: { 'a/b': 3, 'c~d': 2 }, fresh: [1] };
    expect(diffContent(a, b)).toEqual([
      { path: '/title', kind: 'changed', before: 'a', after: 'b' },
      { path: '/gone', kind: 'removed', before: { x: 1 } },
      { path: '/nested/a~1b', kind: 'changed', before: 1, after: 3 },
      { path: '/fresh', kind: 'added', after: [1] },
    ]);
  });

  it('reports one enum value inserted as one addition, not every later value changed', () => {
    expect(diffContent({ enum: ['a', 'b', 'c'] }, { enum: ['a', 'x', 'b', 'c'] })).toEqual([
      { path: '/enum/1', kind: 'added', after: 'x' },
    ]);
    expect(diffContent({ enum: ['a', 'b', 'c'] }, { enum: ['a', 'c'] })).toEqual([
      { path: '/enum/1', kind: 'removed', before: 'b' },
    ]);
  });

  it('diffs inside a list item replaced in place (a flow step whose next changed)', () => {
    const a = {
      steps: [
        { step: 'a', next: '/b' },
        { step: 'b', next: '/end' },
      ],
    };
    const b = {
      steps: [
        { step: 'a', next: '/c' },
        { step: 'b', next: '/end' },
      ],
    };
    expect(diffContent(a, b)).toEqual([{ path: '/steps/0/next', kind: 'changed', before: '/b', after: '/c' }]);
  });

  it('reports a value of another kind as changed', () => {
    expect(diffContent({ type: 'string' }, { type: ['string', 'null'] })).toEqual([
      { path: '/type', kind: 'changed', before: 'string', after: ['string', 'null'] },
    ]);
    expect(diffContent(1, 2)).toEqual([{ path: '', kind: 'changed', before: 1, after: 2 }]);
  });

  it('is the same list every time for the same two versions', () => {
    const after = draft('workInfo');
    after.schema['then'].properties.yearsWorked.enum.push('overTen');
    after.texts['en']!['companyName'] = 'Employer';
    const first = diffContent(seedForm('workInfo'), after);
    expect(diffContent(seedForm('workInfo'), after)).toEqual(first);
    expect(first.map((c) => c.path)).toEqual(['/schema/then/properties/yearsWorked/enum/4', '/texts/en/companyName']);
  });
});
