import { describe, expect, it } from 'vitest';
import { addedRequired, breakingChanges } from './breaking.ts';
import { draft, FLOW, seedForm } from '#tests/unit/studio-seed.ts';

describe('breakingChanges', () => {
  it.each(FLOW.steps.map((s) => s.schema))('finds nothing between %s and itself', (name) => {
    expect(breakingChanges(seedForm(name), seedForm(name))).toEqual([]);
  });

  it('reports a required top-level field removed', () => {
    const after = draft('bankInfo');
    delete after.schema['properties'].withdrawalPhone;
    after.schema['required'] = after.schema['required'].filter((f: string) => f !== 'withdrawalPhone');
    expect(breakingChanges(seedForm('bankInfo'), after)).toEqual([
      { id: 'removed:withdrawalPhone', kind: 'removed', field: 'withdrawalPhone' },
    ]);
  });

  it('reports a required field of a then branch removed (workInfo companyName)', () => {
    const after = draft('workInfo');
    delete after.schema['then'].properties.companyName;
    expect(breakingChanges(seedForm('workInfo'), after).map((b) => b.id)).toEqual(['removed:companyName']);
  });

  it('reports a required field of an else branch and of an allOf part removed', () => {
    const work = draft('workInfo');
    delete work.schema['else'].then.properties.major;
    expect(breakingChanges(seedForm('workInfo'), work).map((b) => b.id)).toEqual(['removed:major']);
    const bank = draft('bankInfo');
    delete bank.schema['allOf'][1].then.properties.eWalletNumber;
    expect(breakingChanges(seedForm('bankInfo'), bank).map((b) => b.id)).toEqual(['removed:eWalletNumber']);
  });

  it('does not report an optional field removed, nor a required field made optional', () => {
    const after = draft('contact');
    delete after.schema['properties'].viber;
    after.schema['required'] = ['email', 'whatsApp'];
    expect(breakingChanges(seedForm('contact'), after)).toEqual([]);
  });

  it('reports an enum narrowed, with what it accepted and accepts', () => {
    const after = draft('workInfo');
    after.schema['then'].properties.yearsWorked.enum = ['underOne', 'oneToThree', 'overThree'];
    expect(breakingChanges(seedForm('workInfo'), after)).toEqual([
      {
        id: 'retyped:yearsWorked',
        kind: 'retyped',
        field: 'yearsWorked',
        before: 'type string; enum underOne, oneToThree, threeToFive, overFive',
        after: 'type string; enum underOne, oneToThree, overThree',
      },
    ]);
  });

  it('does not report an enum widened or reordered', () => {
    const after = draft('workInfo');
    after.schema['then'].properties.yearsWorked.enum = ['overFive', 'threeToFive', 'oneToThree', 'underOne', 'overTen'];
    expect(breakingChanges(seedForm('workInfo'), after)).toEqual([]);
  });

  it('reports a type changed or a format added or changed, but not a type widened', () => {
    const after = draft('workInfo');
    after.schema['then'].properties.yearsWorked = { title: 'workInfo.yearsWorked', type: 'integer', minimum: 0 };
    after.schema['then'].properties.companyName.format = 'person-name';
    after.schema['then'].properties.companyPhone.format = 'ph-ewallet';
    expect(breakingChanges(seedForm('workInfo'), after).map((b) => b.id)).toEqual([
      'retyped:companyName',
      'retyped:companyPhone',
      'retyped:yearsWorked',
    ]);
    const wider = draft('identity');
    wider.schema['properties'].name.type = ['string', 'null'];
    expect(breakingChanges(seedForm('identity'), wider)).toEqual([]);
  });

  it('reads an idPhotoBack required in an allOf branch with its schema from the top level', () => {
    const after = draft('identity');
    after.schema['properties'].idPhotoBack.type = 'object';
    expect(breakingChanges(seedForm('identity'), after).map((b) => b.id)).toEqual(['retyped:idPhotoBack']);
  });
});

describe('addedRequired', () => {
  it('lists the fields a new version requires that the old did not: not breaking', () => {
    const after = draft('contact');
    after.schema['required'] = [...after.schema['required'], 'viber'];
    after.schema['properties'].messenger = { title: 'contact.messenger', type: 'string' };
    after.schema['required'].push('messenger');
    expect(breakingChanges(seedForm('contact'), after)).toEqual([]);
    expect(addedRequired(seedForm('contact'), after)).toEqual(['messenger', 'viber']);
  });

  it('counts branch requirements too, and nothing for the same form', () => {
    const after = draft('workInfo');
    after.schema['then'].required.push('industry2');
    after.schema['then'].properties.industry2 = { type: 'string' };
    expect(addedRequired(seedForm('workInfo'), after)).toEqual(['industry2']);
    expect(addedRequired(seedForm('workInfo'), seedForm('workInfo'))).toEqual([]);
  });
});
