/**
 * The RJSF-style corpus (tests/corpus/rjsf-style/*.json; tests/unit/rjsf-corpus.test.tsx renders each against stock
 * RJSF) through the form studio's real API and a borrower's real step: each form is published as the form of the
 * `baseInfo` information step (a draft opened, saved, checked, submitted by one product staff member and approved by a
 * second), then a borrower loads the step's form as the app does (the manifest, the form's file, its validator module),
 * fills it as RJSF fills it (the corpus' sample data with the schema's defaults), saves it through PUT
 * /profile/baseInfo with the version loaded and reads it back (GET /profile/baseInfo and GET /profile).
 *
 * A form's texts are written as staff write them in the studio's outline: every title and description a key of the
 * form's own texts, in the three languages; option labels are filled where the studio says a text is missing (the
 * translations table). A form the studio refuses is in REFUSED with the check and its English message, the one staff
 * read (and in docs/form-studio.md's table). A sample that is not what a borrower can save (formData written to show
 * errors) has its own `stepData` beside it in the corpus file.
 *
 * One database (the studio and the profile are tested on both elsewhere: forms.test.ts, profile.test.ts) and one API
 * for the whole file, the forms one after another as versions of one document.
 */
import { readFileSync } from 'node:fs';
import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import i18next from 'i18next';
import { beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { FormContent } from '#domain/form-content.ts';
import { inlineLocalRefs } from '#engine/form/inline-refs.ts';
import { precompiledValidator } from '#engine/form/precompiled-validator.ts';
import type { CompiledValidator } from '#engine/validation/compiled-validator.ts';
import { oneDatabase } from '#server/db/test-database.ts';
import { login, type Borrower } from '#server/testing/borrower.ts';
import { studioSuite, type StudioDetail } from '#server/testing/studio.ts';
import { asStudioContent, corpus, LANGUAGES } from '#tests/corpus/rjsf-style.ts';

const STEP = 'baseInfo';

type Json = Record<string, unknown>;

/** Forms the studio refuses: the checks it answers (code and params), the English message staff read. */
const REFUSED: Record<string, { readonly code: string; readonly params: Json; readonly message: string }[]> = {
  '29-files': [
    {
      code: 'studio.checks.fileTooLarge',
      params: { field: 'file', bytes: '43008' },
      message:
        'The field "file" takes files larger than a step can save: set ui:options.maxBytes to at most 43008 bytes a file.',
    },
    noticeMissing('file'),
    {
      code: 'studio.checks.fileCountOpen',
      params: { field: 'files', bytes: '43008' },
      message:
        'The field "files" takes any number of files, more than a step can save: set the list\'s maxItems, and ui:options.maxBytes so all its files together stay within what a step saves.',
    },
    noticeMissing('files'),
  ],
};

function noticeMissing(field: string) {
  return {
    code: 'studio.checks.noticeMissing',
    params: { field, widget: 'file' },
    message: `The field "${field}" collects personal data (file) and needs a just-in-time notice shown with it (NPC Circular 2022-02). Add a notice.`,
  };
}

/** The text at key `<form>.a.b` of a published form's texts in `lng`. */
function textOf(texts: FormContent['texts'], lng: (typeof LANGUAGES)[number], key: string): unknown {
  let at: unknown = texts[lng];
  for (const part of key.split('.').slice(1)) at = (at as Json | undefined)?.[part];
  return at;
}

// ---------------------------------------------------------------------------------------------------------------------

const staffT = i18next.createInstance();

describe.each(oneDatabase())(
  'the RJSF-style corpus published through the studio and saved from a step on %s',
  (kind) => {
    const { suite, call, studio } = studioSuite(kind);
    beforeAll(async () => {
      await staffT.init({
        lng: 'en',
        ns: ['staff'],
        defaultNS: 'staff',
        resources: { en: { staff: JSON.parse(readFileSync('locales/en/staff.json', 'utf8')) as Json } },
        interpolation: { escapeValue: false },
      });
    });

    /** A draft of the step's form holding `content`, saved: its checks. A failing test leaves no draft open. */
    async function saveDraft(content: FormContent) {
      const d = await studio.draft('form', STEP);
      onTestFailed(async () => {
        await call(suite.author, 'POST', `/staff/form-versions/${d.version.id}/discard`);
      });
      return studio.save(d, content);
    }

    /**
     * Submits a saved draft with its breaking changes ticked (the fields of the form before it, as staff tick them when
     * the submit lists them), has the second person approve it: the version published.
     */
    async function publish(saved: StudioDetail): Promise<number> {
      const submitAs = (acknowledge: readonly string[]) =>
        call(suite.author, 'POST', `/staff/form-versions/${saved.version.id}/submit`, { acknowledge });
      let submitted = await submitAs(saved.breaking.map((b) => b.id));
      if (submitted.statusCode === 409 && submitted.json<{ code: string }>().code === 'FORM_BREAKING_UNACKNOWLEDGED')
        submitted = await submitAs(submitted.json<{ breaking: { id: string }[] }>().breaking.map((b) => b.id));
      expect(submitted.statusCode, submitted.body).toBe(200);
      const approved = await studio.approve(suite.reviewer, submitted.json<StudioDetail>());
      expect(approved.statusCode, approved.body).toBe(200);
      return approved.json<StudioDetail>().version.version;
    }

    /**
     * A new borrower loads the step's form as the app does (the manifest, the form's file, its validator module) and
     * fills it as RJSF does (`sample` with the schema's defaults): the form's file and the data filled in.
     */
    async function loadStep(version: number, sample: unknown) {
      const borrower = await login(suite.api);
      const manifest = (await suite.api.app.inject({ method: 'GET', url: '/api/v1/forms/manifest' })).json<{
        forms: Record<string, { version: number; form: string }>;
      }>();
      expect(manifest.forms[STEP]!.version).toBe(version);
      const file = (await suite.api.app.inject({ method: 'GET', url: manifest.forms[STEP]!.form })).json<{
        schema: RJSFSchema;
        texts: FormContent['texts'];
        validator: string;
      }>();
      const code = await suite.api.app.inject({ method: 'GET', url: file.validator });
      expect(code.statusCode).toBe(200);
      const validate = (
        (await import(`data:text/javascript;base64,${Buffer.from(code.body).toString('base64')}`)) as {
          default: CompiledValidator;
        }
      ).default;
      const shown = inlineLocalRefs(file.schema);
      const validator = precompiledValidator({ rootSchema: shown, validate, errorKey: (e) => `errors.${e.keyword}` });
      const fill = (data: unknown) => getDefaultFormState(validator, shown, data, shown) as Json;
      return { borrower, file, fill, data: fill(sample) };
    }

    /** Saves `data` as the step, with the version loaded, and reads it back: what the borrower gets back. */
    async function saveStep(borrower: Borrower, version: number, data: Json) {
      const put = await call(borrower, 'PUT', `/profile/${STEP}?formVersion=${version}`, data);
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json<{ completed: string[] }>().completed).toContain(STEP);
      const back = await call(borrower, 'GET', `/profile/${STEP}`);
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toMatchObject({ step: STEP, formVersion: version });
      const overview = (await call(borrower, 'GET', '/profile')).json<{
        sections: Record<string, { data: unknown }>;
      }>();
      expect(overview.sections[STEP]!.data).toEqual(back.json<{ data: unknown }>().data);
      return back.json<{ data: unknown }>().data;
    }

    it('has every form of the corpus', () => {
      expect(corpus.length).toBeGreaterThanOrEqual(30);
      expect(Object.keys(REFUSED).filter((n) => !corpus.some(([name]) => name === n))).toEqual([]);
    });

    it.each(corpus)('%s', async (name, form) => {
      const { content, keys } = asStudioContent(form, STEP);
      const saved = await saveDraft(content);
      const errors = saved.checks.filter((c) => c.severity === 'error');
      const refused = REFUSED[name];
      if (refused) {
        expect(errors.map(({ code, params }) => ({ code, params, message: staffT.t(code, params) }))).toEqual(refused);
        const submit = await call(suite.author, 'POST', `/staff/form-versions/${saved.version.id}/submit`, {});
        expect(submit.json()).toMatchObject({ code: 'FORM_CHECKS_FAILED' });
        expect((await call(suite.author, 'POST', `/staff/form-versions/${saved.version.id}/discard`)).statusCode).toBe(
          204,
        );
        return;
      }
      expect(errors).toEqual([]);
      const version = await publish(saved);

      const { borrower, file, fill, data } = await loadStep(version, form.stepData ?? form.formData);
      expect(file.schema).toEqual(content.schema);
      // Every text the form shows is there in every language: the studio asked for each one missing.
      for (const key of keys)
        for (const lng of LANGUAGES) expect(textOf(file.texts, lng, key), `${key} ${lng}`).toEqual(expect.any(String));
      if (form.stepData !== undefined) {
        // A sample written to show errors: the server refuses it as the form does.
        const refusedData = await call(borrower, 'PUT', `/profile/${STEP}?formVersion=${version}`, fill(form.formData));
        expect(refusedData.statusCode, refusedData.body).toBe(422);
        expect(refusedData.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
      // What a borrower reads back is what they saved.
      expect(await saveStep(borrower, version, data)).toEqual(data);
    });

    it('publishes the files form once it has the notice the studio asked for, and a borrower saves their files', async () => {
      const form = corpus.find(([name]) => name === '29-files')![1];
      // With its notices, and files that fit in one save (four of 10 KB at most, one of 40 KB).
      const notice = 'We keep your files to check your income.';
      const schema = form.schema as { properties: Record<string, Json> };
      const sized = {
        ...form,
        schema: {
          ...schema,
          properties: { ...schema.properties, files: { ...schema.properties['files'], maxItems: 4 } },
        },
        uiSchema: {
          file: { 'ui:options': { notice, maxBytes: 40_000 } },
          files: { 'ui:options': { notice, maxBytes: 10_000 } },
        },
      };
      const saved = await saveDraft(asStudioContent(sized, STEP).content);
      expect(saved.checks.filter((c) => c.severity === 'error')).toEqual([]);
      const version = await publish(saved);
      const sample = { ...(form.formData as Json), files: ['data:image/png;name=b.png;base64,iVBORw0KGgo='] };
      const { borrower, data } = await loadStep(version, sample);
      expect(await saveStep(borrower, version, data)).toEqual(data);
    });
  },
);
