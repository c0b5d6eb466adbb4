/**
 * The form compiler's worker thread (server/forms/compiler.ts): checking a form draft (engine/studio `checkForm`,
 * which compiles its schema with ajv, and the product's rules) and building a version's files (ajv standalone code,
 * bundled by esbuild) take from milliseconds to a second for a large form, all of it synchronous ajv work. Here it
 * never holds the server's event loop: borrowers, staff and webhooks are answered meanwhile.
 */
import { parentPort } from 'node:worker_threads';
import type { FormContent } from '#domain/form-content.ts';
import { checkForm } from '#engine/studio/check-form.ts';
import { buildAssetsHere } from './assets.ts';
import { formContext } from './form-context.ts';
import { formRules } from './product-rules.ts';

/** A job and its answer (structured-cloned across the thread boundary). */
export type CompileJob =
  | { readonly id: number; readonly op: 'check'; readonly name: string; readonly content: FormContent }
  | {
      readonly id: number;
      readonly op: 'build';
      readonly name: string;
      readonly version: number;
      readonly content: FormContent;
    };
export type CompileAnswer =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly message: string };

const context = formContext();

parentPort?.on('message', (job: CompileJob) => {
  void (async (): Promise<CompileAnswer> => {
    try {
      if (job.op === 'check')
        return {
          id: job.id,
          ok: true,
          value: [...checkForm(job.name, job.content, context), ...formRules(job.name, job.content)],
        };
      return { id: job.id, ok: true, value: await buildAssetsHere(job.name, job.version, job.content) };
    } catch (error) {
      return { id: job.id, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  })().then((answer) => parentPort?.postMessage(answer));
});
