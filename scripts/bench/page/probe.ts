/**
 * The in-page measuring side of the keystroke benchmark, shared by every form.
 *
 * What is measured, per keystroke, from the `keydown` event (performance.now() in a capturing listener on window, the
 * first script to see the key):
 *
 * - to the end of the key's own work (`workMs`, the figure the target is about): the browser's edit of the field
 *   (the same for every form) and then everything the page's scripts do for the key's `input` event before the
 *   browser may paint: the handlers and the React render and commit they run synchronously (a discrete event's
 *   update is rendered in a microtask of the event). Seen from a listener on window in the bubbling phase, the last
 *   to hear the event, two microtasks later. Stock RJSF renders its whole Form there (state update, live validation,
 *   every field), plain its harness (which holds the inputs' values); ours' inputs keep their text in the DOM and
 *   hand it to the form after the frame that shows it, so the key's work is their handler alone.
 * - to the frame that shows the key (`paintMs`): the first animation frame at whose start the field shows what the
 *   browser typed into it, to the end of that frame's work on the main thread (style, layout, paint: a message posted
 *   from the frame's requestAnimationFrame callback is handled after it). What the borrower waits for: the key's work
 *   above, the wait for the next frame and the frame itself, the same browser work for every form (under 4x CPU
 *   throttling, most of the figure). Ours hands the text to the form in a task after that frame (`afterNextPaint`),
 *   so none of RJSF's work comes before it.
 * - to the input's own commit (`inputMs`): the end of the first React commit, of any component, after the key's
 *   `input` event in which the field still shows what the browser put there (a controlled input React set back
 *   would not). Stock and plain commit there synchronously; ours commits nothing for the key, so its first commit is
 *   the form's, with the data, after the frame.
 * - to the commit of the harness component that holds the form's data (`ms`, its useLayoutEffect on `formData`): the
 *   data the screen stores. For stock and plain that commit is part of the keystroke's synchronous work, right after
 *   the input's; ours hands the text over after the frame, in a transition, so it comes later, in tasks of their own.
 *
 * Commits are seen through a stand-in of the React DevTools hook (commit-hook.ts).
 */

import { commitListener } from './commit-hook.ts';

/** One measured keystroke. */
export interface Sample {
  /** keydown listener -> the end of the key's own work: the browser's edit and the scripts' synchronous work (ms). */
  readonly workMs: number;
  /** keydown listener -> the end of the first frame that shows the key (ms). */
  readonly paintMs: number;
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
  /** The end of the frame that showed the key, and the sample's other figures once the harness committed. */
  paintAt?: number;
  workAt?: number;
  committed?: Omit<Sample, 'paintMs' | 'workMs'>;
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

/** Records the sample once both the frame that shows the key and the harness commit have come. */
function complete(p: Pending): void {
  if (p.paintAt === undefined || p.committed === undefined || p.workAt === undefined) return;
  samples.push({ ...p.committed, paintMs: p.paintAt - p.t0, workMs: p.workAt - p.t0 });
  if (pending === p) pending = undefined;
  if (waiter && samples.length >= waiter.count) {
    const { resolve } = waiter;
    waiter = undefined;
    void settle().then(() => resolve(true));
  }
}

/** From the key's input event on: the first frame whose start finds the key in the field, to the end of its work. */
function watchPaint(p: Pending): void {
  requestAnimationFrame(() => {
    if (fieldValue(p.target) !== p.typed) {
      watchPaint(p);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      p.paintAt = performance.now();
      channel.port1.close();
      complete(p);
    };
    channel.port2.postMessage(null);
  });
}

/** Called by the harness from its layout effect on `formData`: the pending keystroke's data is committed. */
export function harnessCommitted(): void {
  if (pending === undefined || pending.committed !== undefined) return;
  // The harness's layout effect runs before the hook hears of the same commit (plain's input commit is this one).
  reactCommitted();
  const now = performance.now();
  pending.committed = {
    inputMs: (pending.inputAt ?? now) - pending.t0,
    ms: now - pending.t0,
    toChangeMs: (pending.changeAt ?? now) - pending.t0,
    fromEventMs: now - pending.eventTime,
    validations: validationCalls - pending.validations,
    validateMs: validationMs - pending.validateMs,
    key: pending.key,
    field: pending.field,
  };
  complete(pending);
}

/** Installs the keydown listener and `window.__bench`. */
export function installProbe(form: string, step: string): BenchApi {
  window.addEventListener(
    'keydown',
    (event) => {
      if (!armed) return;
      const target = event.target instanceof HTMLElement ? event.target.id : '';
      pending = {
        t0: performance.now(),
        target: event.target,
        eventTime: event.timeStamp,
        key: event.key,
        field: target,
        validations: validationCalls,
        validateMs: validationMs,
      };
    },
    { capture: true },
  );
  // The browser has edited the field when the input event is dispatched, before any script (React) handles it.
  window.addEventListener(
    'input',
    (event) => {
      if (pending !== undefined && pending.typed === undefined && event.target === pending.target) {
        pending.typed = fieldValue(event.target);
        watchPaint(pending);
      }
    },
    { capture: true },
  );
  // The last listener of the key's input event: React's root listener has run, and the synchronous render it queued as
  // a microtask comes before these two.
  window.addEventListener('input', (event) => {
    const p = pending;
    if (p === undefined || p.workAt !== undefined || event.target !== p.target) return;
    queueMicrotask(() =>
      queueMicrotask(() => {
        p.workAt = performance.now();
        complete(p);
      }),
    );
  });
  commitListener.current = reactCommitted;
  const api: BenchApi = {
    form,
    step,
    ready: false,
    notes: [],
    textFields: () =>
      [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('form input, form textarea')]
        .filter(
          (el) => el instanceof HTMLTextAreaElement || ['text', 'email', 'tel', 'search', 'url'].includes(el.type),
        )
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
