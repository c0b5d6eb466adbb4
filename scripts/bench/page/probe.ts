/**
 * The in-page measuring side of the keystroke benchmark, shared by every form.
 *
 * What is measured, per keystroke, from the `keydown` event (performance.now() in a capturing listener on window, the
 * first script to see the key):
 *
 * - to the input's own commit (`inputMs`, the figure the target is about): the end of the first React commit, of any
 *   component, after the key's `input` event in which the field still shows what the browser put there (a controlled
 *   input React set back would not). An input that owns its text (ours) commits itself alone there; stock RJSF
 *   commits its whole Form (state update, live validation, every field); plain commits the harness, which holds the
 *   inputs' values. Commits are seen through a stand-in of the React DevTools hook (commit-hook.ts).
 * - to the commit of the harness component that holds the form's data (`ms`, its useLayoutEffect on `formData`): the
 *   data the screen stores. For stock and plain that commit is part of the keystroke's synchronous work, right after
 *   the input's; ours reports the change in a transition, so it comes later, in tasks of its own.
 *
 * Layout, paint and any work after those commits are not included.
 */

import { commitListener } from './commit-hook.ts';

/** One measured keystroke. */
export interface Sample {
  /** keydown listener -> the input's own commit (ms): the first commit after the input event that shows the key. */
  readonly inputMs: number;
  /** keydown listener -> harness commit (ms): the form's data, with the key, stored by the screen. */
  readonly ms: number;
  /**
   * keydown listener -> the form's onChange reaching the harness (ms): RJSF calls onChange once ITS commit of the
   * change is done (the input shows the character); the rest, up to `ms`, is the harness storing the data and the
   * re-render of the form with it as its `formData` prop (the controlled round trip).
   */
  readonly toChangeMs: number;
  /** The keydown event's own timeStamp -> harness commit (ms): includes the time the event waited before dispatch. */
  readonly fromEventMs: number;
  /** Validator calls between keydown and commit, and the time spent in them (ms). */
  readonly validations: number;
  readonly validateMs: number;
  readonly key: string;
  readonly field: string;
}

interface Pending {
  readonly t0: number;
  readonly target: EventTarget | null;
  /** What the field showed right after the key's input event (the browser's edit), once it came. */
  typed?: string;
  inputAt?: number;
  changeAt?: number;
  readonly eventTime: number;
  readonly key: string;
  readonly field: string;
  readonly validations: number;
  readonly validateMs: number;
}

/** The page's API for the runner (`window.__bench`). */
export interface BenchApi {
  readonly form: string;
  readonly step: string;
  ready: boolean;
  /** What the runner should print about this form (e.g. what the stock uiSchema lost). */
  readonly notes: string[];
  /** Ids of the text-like inputs and textareas of the form, in screen order. */
  textFields(): string[];
  /** While armed, each keydown is timed to the next harness commit. */
  arm(on: boolean): void;
  sampleCount(): number;
  /** Resolves true once `count` samples exist and a frame and a task have passed after it; false after `timeoutMs`. */
  waitSample(count: number, timeoutMs: number): Promise<boolean>;
  /** Resolves after the next frame and a task after it. */
  settle(): Promise<void>;
  samples(): Sample[];
  /** Validator calls and milliseconds since the page loaded. */
  validations(): { calls: number; ms: number };
}

declare global {
  interface Window {
    __bench?: BenchApi;
  }
}

let armed = false;
let pending: Pending | undefined;
const samples: Sample[] = [];
let validationCalls = 0;
let validationMs = 0;
let waiter: { count: number; resolve: (ok: boolean) => void } | undefined;

const settle = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Wraps a validating function so its calls and time count. */
export function timedValidation<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return (...args: A): R => {
    const start = performance.now();
    try {
      return fn(...args);
    } finally {
      validationMs += performance.now() - start;
      validationCalls += 1;
    }
  };
}

/** Called by the harness when the form reports a change (first report after the pending keydown counts). */
export function formChanged(): void {
  if (pending !== undefined && pending.changeAt === undefined) pending.changeAt = performance.now();
}

const fieldValue = (target: EventTarget | null): string | undefined =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target.value : undefined;

/** Called after every React commit (commit-hook.ts), and by the harness: the first one showing the key is the input's. */
export function reactCommitted(): void {
  if (pending === undefined || pending.typed === undefined || pending.inputAt !== undefined) return;
  if (fieldValue(pending.target) === pending.typed) pending.inputAt = performance.now();
}

/** Called by the harness from its layout effect on `formData`: closes the pending keystroke, if any. */
export function harnessCommitted(): void {
  if (pending === undefined) return;
  // The harness's layout effect runs before the hook hears of the same commit (plain's input commit is this one).
  reactCommitted();
  const now = performance.now();
  samples.push({
    inputMs: (pending.inputAt ?? now) - pending.t0,
    ms: now - pending.t0,
    toChangeMs: (pending.changeAt ?? now) - pending.t0,
    fromEventMs: now - pending.eventTime,
    validations: validationCalls - pending.validations,
    validateMs: validationMs - pending.validateMs,
    key: pending.key,
    field: pending.field,
  });
  pending = undefined;
  if (waiter && samples.length >= waiter.count) {
    const { resolve } = waiter;
    waiter = undefined;
    void settle().then(() => resolve(true));
  }
}

/** Installs the keydown listener and `window.__bench`. */
export function installProbe(form: string, step: string): BenchApi {
  window.addEventListener(
    'keydown',
    (event) => {
      if (!armed) return;
      const target = event.target instanceof HTMLElement ? event.target.id : '';
      pending = { t0: performance.now(), target: event.target, eventTime: event.timeStamp, key: event.key, field: target, validations: validationCalls, validateMs: validationMs };
    },
    { capture: true },
  );
  // The browser has edited the field when the input event is dispatched, before any script (React) handles it.
  window.addEventListener(
    'input',
    (event) => {
      if (pending !== undefined && pending.typed === undefined && event.target === pending.target) pending.typed = fieldValue(event.target);
    },
    { capture: true },
  );
  commitListener.current = reactCommitted;
  const api: BenchApi = {
    form,
    step,
    ready: false,
    notes: [],
    textFields: () =>
      [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('form input, form textarea')]
        .filter((el) => el instanceof HTMLTextAreaElement || ['text', 'email', 'tel', 'search', 'url'].includes(el.type))
        .filter((el) => el.id !== '' && !el.disabled && !el.readOnly)
        .map((el) => el.id),
    arm(on) {
      armed = on;
      pending = undefined;
    },
    sampleCount: () => samples.length,
    waitSample(count, timeoutMs) {
      if (samples.length >= count) return settle().then(() => true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiter = undefined;
          resolve(false);
        }, timeoutMs);
        waiter = {
          count,
          resolve: (ok) => {
            clearTimeout(timer);
            resolve(ok);
          },
        };
      });
    },
    settle,
    samples: () => [...samples],
    validations: () => ({ calls: validationCalls, ms: validationMs }),
  };
  window.__bench = api;
  return api;
}
