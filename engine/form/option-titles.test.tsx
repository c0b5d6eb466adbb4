// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { createAjv } from '../validation/create-ajv.ts';
import { SchemaForm } from './schema-form.tsx';

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    mode: {
      type: 'string',
      title: 'f.mode',
      oneOf: [
        { const: 'screen', title: 'f.modes.screen' },
        { const: 'overlay', title: 'f.modes.overlay' },
      ],
    },
    pay: {
      type: 'object',
      title: 'f.pay',
      anyOf: [
        { title: 'f.pay.bank', properties: { account: { type: 'string', title: 'f.account' } } },
        { title: 'f.pay.wallet', properties: { phone: { type: 'string', title: 'f.phone' } } },
      ],
    },
  },
};

describe('the titles of oneOf / anyOf options', () => {
  it("reach the borrower as the version's texts, not as keys: a radio's choices and an alternative's selector", () => {
    render(
      <SchemaForm
        schema={schema}
        uiSchema={{ mode: { 'ui:widget': 'radio' } }}
        validate={createAjv({ formats: {}, normalizers: {} }).compile(schema)}
        errorKey={(e) => `errors.${e.keyword}`}
        t={(k) => `[${k}]`}
      />,
    );
    expect(screen.getByLabelText('[f.modes.screen]')).toBeTruthy();
    expect(screen.getByLabelText('[f.modes.overlay]')).toBeTruthy();
    const choices = [...document.querySelectorAll('select option')].map((o) => o.textContent);
    expect(choices).toEqual(expect.arrayContaining(['[f.pay.bank]', '[f.pay.wallet]']));
    expect(document.body.textContent).not.toMatch(/(?<!\[)f\.pay\.(?:bank|wallet)/u);
  });
});
