/**
 * Runs the heavy form work (checking a draft, building a version's files) on one worker thread
 * (server/forms/compile-worker.ts), one job at a time, so the server's event loop is never held by ajv's synchronous
 * compile of a large schema (a form of 1,500 fields took 1.1 s). The worker starts with the first job, keeps the
 * process alive only while a job is pending, and is started again if it dies. It runs under tsx's loader (the
 * widget registry the checks read imports .tsx files), as `npm start` runs the server. A job that takes longer than
 * COMPILE_TIMEOUT_MS ends the worker and fails (nothing the studio accepts comes near it: it is a guard, not a timing).
 */
import { Worker } from 'node:worker_threads';
import type { FormContent } from '#domain/form-content.ts';
import type { Check } from '#engine/studio/types.ts';
import type { FormAssets } from './assets.ts';
import type { CompileAnswer, CompileJob } from './compile-worker.ts';

export const COMPILE_TIMEOUT_MS = 60_000;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const [id, job] of pending) {
    clearTimeout(job.timer);
    job.reject(error);
    pending.delete(id);
  }
}

function started(): Worker {
  if (worker) return worker;
  // tsx's loader in the worker too: the widget registry the checks read imports .tsx files.
  const made = new Worker(new URL('./compile-worker.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
  made.on('message', (answer: CompileAnswer) => {
    const job = pending.get(answer.id);
    if (!job) return;
    pending.delete(answer.id);
    clearTimeout(job.timer);
    if (pending.size === 0) made.unref();
    if (answer.ok) job.resolve(answer.value);
    else job.reject(new Error(answer.message));
  });
  made.on('error', (error) => {
    if (worker === made) worker = undefined;
    failAll(error);
  });
  made.on('exit', () => {
    if (worker === made) worker = undefined;
    failAll(new Error('the form compiler stopped'));
  });
  worker = made;
  return made;
}

/** A job without its id (Omit over each member of the union). */
type Job = CompileJob extends infer J ? (J extends CompileJob ? Omit<J, 'id'> : never) : never;

function run<T>(job: Job): Promise<T> {
  const w = started();
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error('the form took too long to compile'));
      void w.terminate();
    }, COMPILE_TIMEOUT_MS);
    timer.unref();
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
    w.ref();
    w.postMessage({ ...job, id } as CompileJob);
  });
}

/** The engine's checks and the product's rules of form `name`'s draft, computed off the event loop. */
export function checkFormOffThread(name: string, content: FormContent): Promise<Check[]> {
  return run<Check[]>({ op: 'check', name, content });
}

/** The files of a form version, built off the event loop. */
export function buildAssetsOffThread(name: string, version: number, content: FormContent): Promise<FormAssets> {
  return run<FormAssets>({ op: 'build', name, version, content });
}
