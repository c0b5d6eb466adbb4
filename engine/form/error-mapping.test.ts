import { describe, expect, it } from 'vitest';
import { errorSegments, toRjsfErrors } from './error-mapping.ts';

describe('errorSegments', () => {
  it('places a dependencies error at the field it asks for, as required (and RJSF) do', () => {
    const error = {
      keyword: 'dependencies',
      instancePath: '/billing',
      schemaPath: '#/properties/billing/dependencies',
      params: { property: 'card', missingProperty: 'address', depsCount: 1, deps: 'address' },
    };
    expect(errorSegments(error)).toEqual(['billing', 'address']);
    const [mapped] = toRjsfErrors(
      [error],
      { type: 'object', properties: { billing: { type: 'object', properties: { address: { title: 'f.address' } } } } },
      (e, at) => `${e.keyword}:${String(at?.title)}`,
    );
    expect(mapped).toMatchObject({ property: '.billing.address', message: 'dependencies:f.address' });
  });
});
