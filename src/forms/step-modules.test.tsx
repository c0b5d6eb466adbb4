// @vitest-environment jsdom
/**
 * The borrower app on published forms, against the real assets: the manifest and the /forms/ files are
 * built by the server's own code from the repository's seed (src/testing/published-forms.ts) and answered through the
 * test fetch stub. Covers the manifest's one request per page life, a step form loaded from its files (validator,
 * version, texts in every language), the flow as published, and a save refused as FORM_VERSION_RETIRED.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlowContent, FormContent } from '#domain/form-content.ts';
import { contactSamples } from '#forms/contact.samples.ts';
import { callsTo, mockApi } from '../testing/api-mock.ts';
import InfoStepScreen from '../screens/infoStep/infoStep-screen.tsx';
import { useCoreStore } from '../store/core-store.ts';
import { useDraftStore } from '../store/draft-store.ts';
import { readCatalogs } from '../testing/catalog-check.ts';
import {
  freshPage,
  importedValidators,
  publish,
  publishedRoutes,
  removeScratch,
  type Published,
} from '../testing/published-forms.ts';
import { renderScreen, signedInScreenSuite } from '../testing/render-screen.tsx';
import { loadManifest, reloadManifest } from './manifest.ts';
import { loadStepForm } from './step-modules.ts';

const errorsEn = readCatalogs('errors').en;
const NEW_EMAIL = { en: 'E-mail address', fil: 'E-mail address (bago)', zh: '电子邮箱地址' };

let v1: Published;
let v2: Published;
let swapped: Published;

/** The contact form with the e-mail field's label changed in every language: version 2. */
function contactV2(seed: FormContent): FormContent {
  const { en, fil, zh } = seed.texts;
  return {
    ...seed,
    texts: {
      en: { ...en, email: NEW_EMAIL.en },
      fil: { ...fil, email: NEW_EMAIL.fil },
      zh: { ...zh, email: NEW_EMAIL.zh },
    },
  };
}

/** The seed flow with addressInfo and contact swapped (each step leading to the one after it). */
function swapAddressAndContact(flow: FlowContent): FlowContent {
  const order = flow.steps.map((s) => s.step);
  const [a, c] = [order.indexOf('addressInfo'), order.indexOf('contact')];
  const steps = [...flow.steps];
  [steps[a], steps[c]] = [steps[c]!, steps[a]!];
  return { steps: steps.map((s, i) => ({ ...s, next: steps[i + 1]?.route ?? flow.steps.at(-1)!.next })) };
}

beforeAll(() => {
  v1 = publish();
  v2 = publish({ forms: [{ name: 'contact', version: 2, content: contactV2(v1.seedForms['contact']!) }] });
  swapped = publish({ flow: swapAddressAndContact(v1.manifest.flow), flowVersion: 2 });
}, 120_000);
afterAll(removeScratch);

let session = 0;
signedInScreenSuite(() => {
  // A session of its own per test: the profile is loaded once per session.
  session += 1;
  useCoreStore.setState({
    publicData: { customerId: `c-${session}`, token: `t-${session}`, phone_number: '9171234567' },
  });
});
beforeEach(() => {
  // jsdom has no scrolling; a step scrolls to its top when it shows.
  vi.stubGlobal('scrollTo', () => undefined);
  freshPage();
  useDraftStore.getState().clear();
});

describe('the manifest', () => {
  it('is asked for once per page life, again after a failure, and again when a version was retired', async () => {
    const calls = mockApi({ 'GET /forms/manifest': ['network', { body: v1.manifest }, { body: v2.manifest }] });
    await expect(loadManifest()).rejects.toThrow();
    const first = loadManifest();
    expect(loadManifest()).toBe(first);
    expect((await first).forms['contact']?.version).toBe(1);
    await loadManifest();
    expect(callsTo(calls, 'GET', '/forms/manifest')).toHaveLength(2);
    const reloaded = reloadManifest();
    expect(loadManifest()).toBe(reloaded);
    expect((await reloaded).forms['contact']?.version).toBe(2);
    expect(callsTo(calls, 'GET', '/forms/manifest')).toHaveLength(3);
  });
});

describe('a step form from its published files', () => {
  it('has the schema, uiSchema, validator and version published, and its texts in every language', async () => {
    const calls = mockApi(publishedRoutes(v2));
    await renderScreen(<p>page</p>, { namespaces: ['forms'] });
    const promise = loadStepForm('contact');
    expect(loadStepForm('contact')).toBe(promise);
    const form = await promise;
    const url = v2.manifest.forms['contact']!.form;
    const published = v2.documents[url] as { schema: unknown; uiSchema: unknown };
    expect(form.version).toBe(2);
    expect(form.schema).toEqual(published.schema);
    expect(form.uiSchema).toEqual(published.uiSchema);
    expect(callsTo(calls, 'GET', url)).toHaveLength(1);
    // The server's module validates: the contact samples' verdicts.
    for (const sample of contactSamples.valid)
      expect(form.validate(structuredClone(sample.data)), sample.name).toBe(true);
    for (const sample of contactSamples.invalid)
      expect(form.validate(structuredClone(sample.data)), sample.name).toBe(false);
    expect(i18next.t('forms:contact.email')).toBe(NEW_EMAIL.en);
    // A language whose catalog loads later gets the published texts over its bundled ones, and keeps its shared texts.
    await i18next.changeLanguage('fil');
    await i18next.loadNamespaces('forms');
    expect(i18next.t('forms:contact.email')).toBe(NEW_EMAIL.fil);
    expect(i18next.exists('forms:errors.required', { lng: 'fil' })).toBe(true);
  });

  it("asks for the validator the manifest names beside the form's file, not once the file is there", async () => {
    const routes = publishedRoutes(v2);
    const { form: url, validator } = v2.manifest.forms['contact']!;
    let importedBeforeFile: string[] = [];
    mockApi({
      ...routes,
      [`GET ${url}`]: () => {
        importedBeforeFile = [...importedValidators];
        return { body: v2.documents[url] };
      },
    });
    await renderScreen(<p>page</p>, { namespaces: ['forms'] });
    importedValidators.length = 0;
    await loadStepForm('contact');
    expect(importedBeforeFile).toEqual([validator]);
    expect(importedValidators).toEqual([validator]);
  });

  it('comes from the build for a form that is not published content (feedback), without the manifest', async () => {
    const calls = mockApi({});
    await renderScreen(<p>page</p>, { namespaces: ['forms'] });
    const form = await loadStepForm('feedback');
    expect(form.version).toBe(0);
    expect(typeof form.validate).toBe('function');
    expect(calls).toEqual([]);
  });
});

/** The profile with every step before `step` of `flow` complete. */
function profileBefore(manifest: Published['manifest'], step: string) {
  const order = manifest.flow.steps.map((s) => s.step);
  const completed = order.slice(0, order.indexOf(step));
  return { summary: { completed, complete: false, next: null, total: order.length }, sections: {} };
}

/**
 * The contact step rendered inside an awaited act: the screen suspends on its first render (manifest, profile, form),
 * and React resumes it when those promises settle only within act.
 */
const renderContact = () =>
  act(() =>
    renderScreen(<InfoStepScreen routeName="contact" />, { namespaces: ['forms', 'errors'], path: '/contact' }),
  );
const submitForm = () => fireEvent.submit(document.querySelector('form') as HTMLFormElement);
const contact = contactSamples.valid.find((s) => s.name === 'required fields only')!.data as Record<string, unknown>;

describe('the information steps on the published flow and forms', () => {
  it('follow the published order: a step moved earlier opens, counts its new place and leads to the next one', async () => {
    const calls = mockApi({
      ...publishedRoutes(swapped),
      'GET /profile': { body: profileBefore(swapped.manifest, 'contact') },
      'PUT /profile/contact?formVersion=1': {
        body: {
          completed: [...profileBefore(swapped.manifest, 'addressInfo').summary.completed],
          complete: false,
          next: '/addressInfo',
          total: 7,
        },
      },
    });
    useDraftStore.getState().setSection('contact', contact);
    await renderContact();
    // In the seed's order /contact comes after /addressInfo (incomplete here) and would send the borrower there.
    expect(await screen.findByText(i18next.t('forms:flow.stepOf', { index: 4, total: 7 }))).toBeTruthy();
    submitForm();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/addressInfo'));
    expect(callsTo(calls, 'PUT', '/profile/contact?formVersion=1')).toHaveLength(1);
  });

  it("show a step's option labels from the form's own texts, whatever its schema's $id", async () => {
    const seed = v1.seedForms['baseInfo']!;
    const { $id: _id, ...schema } = seed.schema;
    const noId = publish({ forms: [{ name: 'baseInfo', version: 2, content: { ...seed, schema } }] });
    mockApi({ ...publishedRoutes(noId), 'GET /profile': { body: profileBefore(noId.manifest, 'baseInfo') } });
    await act(() =>
      renderScreen(<InfoStepScreen routeName="baseInfo" />, { namespaces: ['forms', 'errors'], path: '/baseInfo' }),
    );
    const texts = seed.texts.en as { options: { maritalStatus: Record<string, string> } };
    expect(await screen.findByText(texts.options.maritalStatus['single']!)).toBeTruthy();
    expect(document.body.textContent).not.toContain('options.maritalStatus');
  }, 60_000);

  it('on FORM_VERSION_RETIRED show the published form with everything typed, say so, and save with the new version', async () => {
    const calls = mockApi({
      ...publishedRoutes(v1, v2),
      'GET /profile': { body: profileBefore(v1.manifest, 'contact') },
      'PUT /profile/contact?formVersion=1': { status: 409, body: { code: 'FORM_VERSION_RETIRED', message: 'retired' } },
      'PUT /profile/contact?formVersion=2': {
        body: {
          completed: [...profileBefore(v1.manifest, 'workInfo').summary.completed],
          complete: false,
          next: '/workInfo',
          total: 7,
        },
      },
    });
    useDraftStore.getState().setSection('contact', contact);
    await renderContact();
    const email = () => document.getElementById('root_email') as HTMLInputElement;
    await waitFor(() => expect(email()).toBeTruthy());
    expect(screen.queryByText(NEW_EMAIL.en)).toBeNull();
    submitForm();
    expect(await screen.findByText(errorsEn['FORM_VERSION_RETIRED']!)).toBeTruthy();
    // Version 2 shows (its label), with what was typed.
    expect(await screen.findByText(NEW_EMAIL.en)).toBeTruthy();
    expect(email().value).toBe(contact['email']);
    expect(useDraftStore.getState().sections['contact']).toMatchObject({ email: contact['email'] });
    expect(screen.getByTestId('location').textContent).toBe('/contact');
    submitForm();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/workInfo'));
    expect(callsTo(calls, 'PUT', '/profile/contact?formVersion=2')[0]?.body).toMatchObject({
      emergencyContacts: expect.any(Array) as unknown[],
    });
    expect(callsTo(calls, 'GET', '/forms/manifest')).toHaveLength(2);
  });
});

describe('the onboarding funnel report of a step', () => {
  it('tells the step reached with its version once, and on a refused submit the fields in error: paths, never values', async () => {
    const calls = mockApi({
      ...publishedRoutes(v1),
      'GET /profile': { body: profileBefore(v1.manifest, 'contact') },
      'POST /profile/steps/contact/visits': { status: 204 },
    });
    // An e-mail without a domain dot, and the second contact's phone the first's written another way.
    const typed = {
      ...contact,
      email: 'juan.secret@example',
      emergencyContacts: (contact['emergencyContacts'] as { phone: string }[]).map((c, i) =>
        i === 1 ? { ...c, phone: '0918 111 2222' } : c,
      ),
    };
    useDraftStore.getState().setSection('contact', typed);
    await renderContact();
    await waitFor(() => expect(callsTo(calls, 'POST', '/profile/steps/contact/visits')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/profile/steps/contact/visits')[0]?.body).toEqual({ formVersion: 1 });
    submitForm();
    await waitFor(() => expect(callsTo(calls, 'POST', '/profile/steps/contact/visits')).toHaveLength(2));
    const report = callsTo(calls, 'POST', '/profile/steps/contact/visits')[1]!;
    expect(report.body).toEqual({ formVersion: 1, errors: ['email', 'emergencyContacts.phone'] });
    expect(report.headers).toMatchObject({ authorization: `Bearer t-${session}` });
    // Nothing typed leaves with it.
    expect(JSON.stringify(report.body)).not.toMatch(/juan|secret|0918|Maria/iu);
    expect(callsTo(calls, 'PUT', '/profile/contact?formVersion=1')).toHaveLength(0);
    // Opened again in the same session: not told again.
    await renderContact();
    expect(callsTo(calls, 'POST', '/profile/steps/contact/visits')).toHaveLength(2);
  });
});
