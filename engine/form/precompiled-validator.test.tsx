// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JUNK_OPTION_ID } from '@rjsf/utils';
import type { RJSFSchema } from '@rjsf/utils';
import contactSchema from '#forms/contact.schema.json' with { type: 'json' };
import addressSchema from '#forms/addressInfo.schema.json' with { type: 'json' };
import addressUi from '#forms/addressInfo.ui.json' with { type: 'json' };
import identitySchema from '#forms/identity.schema.json' with { type: 'json' };
import validateAddress from '#forms/compiled/addressInfo.js';
import validateContact from '#forms/compiled/contact.js';
import validateIdentity from '#forms/compiled/identity.js';
import { vocabulary } from '#forms/vocabulary.ts';
import { createAjv } from '../validation/create-ajv.ts';
import type { ValidationError } from '../validation/compiled-validator.ts';
import { inlineLocalRefs } from './inline-refs.ts';
import { precompiledValidator, UncompiledSchemaError } from './precompiled-validator.ts';
import { rjsfSchemas } from '../validation/rjsf-schemas.ts';
import { SchemaForm } from './schema-form.tsx';

const schema = contactSchema as RJSFSchema;
const errorKey = (error: ValidationError, at: RJSFSchema | undefined) =>
  `${at?.title ?? 'form'}.errors.${error.keyword}`;
const validator = precompiledValidator({ rootSchema: schema, validate: validateContact, errorKey });

/** Makes `new Function`/`Function()`/`eval` throw, except for jsdom's selector engine (nwsapi compiles selectors:
 * test infrastructure; a browser has native selectors). Returns the list of refused attempts. */
function forbidCodeGeneration(): string[] {
  const refused: string[] = [];
  const RealFunction = Function;
  const guard = (args: unknown[]) => {
    const stack = new Error().stack ?? '';
    if (stack.includes('nwsapi')) return Reflect.construct(RealFunction, args) as unknown;
    refused.push(stack);
    throw new Error('code generation at runtime');
  };
  vi.stubGlobal(
    'Function',
    new Proxy(RealFunction, {
      construct: (_t, args: unknown[]) => guard(args) as object,
      apply: (_t, _this, args: unknown[]) => guard(args),
    }),
  );
  vi.stubGlobal('eval', (...args: unknown[]) => guard(args));
  return refused;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('precompiledValidator', () => {
  it('maps errors to RJSF errors whose message is the key errorKey gives for the field schema', () => {
    const { errors, errorSchema } = validator.validateFormData({ whatsApp: '9171234567' }, schema);
    const byProperty = Object.fromEntries(errors.map((e) => [e.property, e]));
    expect(byProperty['.email']).toMatchObject({
      name: 'required',
      message: 'contact.email.errors.required',
      params: { missingProperty: 'email' },
    });
    expect(byProperty['.whatsApp']).toMatchObject({
      name: 'format',
      message: 'contact.whatsApp.errors.format',
      params: { format: 'ph-whatsapp' },
    });
    expect(errorSchema.whatsApp?.__errors).toEqual(['contact.whatsApp.errors.format']);
  });

  it('reports the failing branch of an if/then, not ajv\'s field-less "if" error beside it', () => {
    const root = identitySchema as unknown as RJSFSchema;
    const identity = precompiledValidator({ rootSchema: root, validate: validateIdentity, errorKey });
    const { errors } = identity.validateFormData({ idType: 'sss', idNumber: '12345' }, root);
    expect(errors.map((e) => e.name)).not.toContain('if');
    expect(errors.find((e) => e.property === '.idNumber')?.name).toBe('format');
  });

  it('shows the errors inside a one-widget value (the address) at the widget, once, with its own key', () => {
    const root = addressSchema as unknown as RJSFSchema;
    const address = precompiledValidator({ rootSchema: root, validate: validateAddress, errorKey });
    const { errors } = address.validateFormData(
      { address: { provinceCode: '0702200000', provinceName: 'Cebu' } },
      root,
      undefined,
      undefined,
      addressUi,
    );
    expect(errors.filter((e) => e.property?.startsWith('.address'))).toEqual([
      expect.objectContaining({
        property: '.address',
        name: 'required',
        message: 'addressInfo.address.errors.required',
      }),
    ]);
  });

  it("adds the errors of a check over the normalised data, reported like the schema's", () => {
    const seen: unknown[] = [];
    const checked = precompiledValidator({
      rootSchema: schema,
      validate: validateContact,
      errorKey,
      check: (data) => {
        seen.push(data);
        return [{ instancePath: '/whatsApp', schemaPath: '#/own', keyword: 'own', params: {} }];
      },
    });
    const { errors } = checked.validateFormData({ whatsApp: '0917 123 4567' }, schema);
    expect(seen).toEqual([expect.objectContaining({ whatsApp: '09171234567' })]);
    expect(errors.find((e) => e.name === 'own')).toMatchObject({
      property: '.whatsApp',
      message: 'contact.whatsApp.errors.own',
    });
  });

  it('does not change the data it validates (the compiled function normalises in place)', () => {
    const data = { email: ' a@b.ph ', whatsApp: '0917 123 4567' };
    validator.isValid(schema, data, schema);
    validator.validateFormData(data, schema);
    expect(data).toEqual({ email: ' a@b.ph ', whatsApp: '0917 123 4567' });
  });

  it("answers isValid for the root schema with the compiled function, for any other with the module's compiled test of it", () => {
    expect(validator.isValid(schema, {}, schema)).toBe(false);
    const root = identitySchema as unknown as RJSFSchema;
    const identity = precompiledValidator({ rootSchema: root, validate: validateIdentity, errorKey });
    const live = createAjv(vocabulary, { fragments: true });
    live.addSchema(root, 'identity-root');
    const asked = [...rjsfSchemas(root)];
    expect(asked.length).toBeGreaterThan(5);
    expect(Object.keys(validateIdentity.asked ?? {}).sort()).toEqual(asked.map(([key]) => key).sort());
    const samples = [{}, { idType: 'UMID' }, { idType: 'PASSPORT', idNumber: 'P1234567A' }, { idType: 7 }];
    for (const [key, sub] of asked) {
      for (const data of samples) {
        const verdict = live.validate(JSON.parse(JSON.stringify(sub).replaceAll('"#/', '"identity-root#/')), data);
        expect(identity.isValid(sub, data, root), `${key} ${JSON.stringify(data)}`).toBe(verdict);
      }
    }
    // RJSF's placeholder option never matches; a schema the module has no test of is refused loudly.
    expect(identity.isValid({ $id: JUNK_OPTION_ID, type: 'object' }, {}, root)).toBe(false);
    expect(() => identity.isValid({ properties: { kind: { const: 'student' } } }, {}, root)).toThrow(
      UncompiledSchemaError,
    );
  });

  it('never generates code: validates and renders under a global Function and eval that throw', async () => {
    const refused = forbidCodeGeneration();
    // The stub catches a runtime compiler: ajv's compile needs new Function (ajv logs the failure: silenced).
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => createAjv(vocabulary).compile({ type: 'string' })).toThrow();
    expect(refused.length).toBeGreaterThan(0);
    refused.length = 0;
    expect(validator.validateFormData({}, schema).errors.length).toBeGreaterThan(0);
    const [, condition] = [...rjsfSchemas(identitySchema as unknown as RJSFSchema)][0]!;
    const identity = precompiledValidator({
      rootSchema: identitySchema as unknown as RJSFSchema,
      validate: validateIdentity,
      errorKey,
    });
    expect(typeof identity.isValid(condition, { idType: 'UMID' }, identitySchema as unknown as RJSFSchema)).toBe(
      'boolean',
    );
    const onSubmit = vi.fn();
    render(
      <SchemaForm schema={schema} validate={validateContact} errorKey={errorKey} t={(k) => k} onSubmit={onSubmit} />,
    );
    fireEvent.submit(screen.getByRole('button', { name: 'form.submit' }).closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(document.getElementById('root_email__error')?.textContent).toBe('contact.email.errors.required'),
    );
    expect(refused).toEqual([]);
  });

  it("decides the form's own branches with the module's compiled tests by pointer too, through inlined refs", () => {
    // A module built before `asked` existed: its branch tests by pointer decide the form's own branches.
    const source: RJSFSchema = {
      type: 'object',
      definitions: { mail: { type: 'object', if: { properties: { at: { format: 'email' } } }, then: {} } },
      properties: { email: { $ref: '#/definitions/mail' } },
      if: { properties: { email: { type: 'string', format: 'email' } } },
      then: {},
    };
    const calls: string[] = [];
    const test = (pointer: string) => (data: unknown) => {
      calls.push(`${pointer} ${JSON.stringify(data)}`);
      return false;
    };
    const validate = Object.assign(() => true, {
      branches: { '/if': test('/if'), '/definitions/mail/if': test('/definitions/mail/if') },
    });
    const shown = inlineLocalRefs(source);
    const decide = precompiledValidator({ rootSchema: shown, validate, errorKey });
    expect(decide.isValid(shown.if as RJSFSchema, { email: 'x' }, shown)).toBe(false);
    const inlined = (shown.properties?.['email'] as RJSFSchema).if as RJSFSchema;
    expect(decide.isValid(inlined, { at: 'y' }, shown)).toBe(false);
    expect(calls).toEqual(['/if {"email":"x"}', '/definitions/mail/if {"at":"y"}']);
    // Nothing decides a schema the module has no compiled test of (no structural evaluation beside ajv's code).
    expect(() => decide.isValid({ properties: { email: { multipleOf: 2 } } }, { email: 4 }, shown)).toThrow(
      UncompiledSchemaError,
    );
    const plain = precompiledValidator({ rootSchema: shown, validate: () => true, errorKey });
    expect(() => plain.isValid(shown.if as RJSFSchema, { email: 'x' }, shown)).toThrow(UncompiledSchemaError);
  });
});
