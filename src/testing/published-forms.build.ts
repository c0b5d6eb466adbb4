/**
 * Builds a published state with the server's own code (server/forms/assets.ts) in a Node process of its own: esbuild,
 * which bundles the validators, refuses to run inside jsdom (its TextEncoder is not Node's). Reads the changes to the
 * seed as JSON on stdin and writes the manifest and the /forms/ files as JSON on stdout (src/testing/published-forms.ts).
 */
import { readFileSync } from 'node:fs';
import type { FlowContent, FormContent } from '#domain/form-content.ts';
// A test fixture (the lint rule's own exception for tests: fixtures may cross layers), run by tests in a Node process of
// its own and never part of the app, so the borrower app's tests use the server's real assets.
// eslint-disable-next-line import-x/no-restricted-paths
import { buildFormAssets, manifestOf, seedContents, type PublishedEntry } from '#server/forms/assets.ts';

interface Changes {
  forms?: { name: string; version: number; content: FormContent }[];
  flow?: FlowContent;
  flowVersion?: number;
}

const changes = JSON.parse(readFileSync(0, 'utf8')) as Changes;
const entries: PublishedEntry[] = [];
const documents: Record<string, unknown> = {};
const validators: Record<string, string> = {};
for (const doc of seedContents()) {
  if (doc.kind === 'flow')
    entries.push({
      kind: 'flow',
      name: doc.name,
      version: changes.flowVersion ?? 1,
      content: changes.flow ?? doc.content,
    });
  else if (doc.kind === 'theme') entries.push({ kind: 'theme', name: doc.name, version: 1, content: doc.content });
  else {
    const form = changes.forms?.find((f) => f.name === doc.name) ?? {
      name: doc.name,
      version: 1,
      content: doc.content,
    };
    const assets = await buildFormAssets(form.name, form.version, form.content);
    entries.push({
      kind: 'form',
      name: form.name,
      version: form.version,
      formHash: assets.formHash,
      validatorHash: assets.validatorHash,
    });
    documents[`/forms/${assets.formHash}.json`] = JSON.parse(assets.formJson) as unknown;
    validators[`/forms/${assets.validatorHash}.js`] = assets.validatorJs;
  }
}
const seedForms = Object.fromEntries(seedContents().flatMap((d) => (d.kind === 'form' ? [[d.name, d.content]] : [])));
process.stdout.write(JSON.stringify({ manifest: manifestOf(entries), documents, validators, seedForms }));
