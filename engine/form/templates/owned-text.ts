import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RefObject, SyntheticEvent } from 'react';
import { flushSync } from 'react-dom';

/**
 * Runs `task` once the browser has had the chance to paint: in a task after the next animation frame, or after
 * `AFTER_PAINT_LIMIT_MS` when no frame comes (a hidden page runs no animation frames), whichever is first.
 */
export function afterNextPaint(task: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  const timer = setTimeout(run, AFTER_PAINT_LIMIT_MS);
  requestAnimationFrame(() =>
    setTimeout(() => {
      clearTimeout(timer);
      run();
    }, 0),
  );
}
const AFTER_PAINT_LIMIT_MS = 100;

export const textOf = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** What a text field that owns its text renders with. */
export interface OwnedText<E extends HTMLInputElement | HTMLTextAreaElement> {
  readonly ref: RefObject<E | null>;
  /** The field's first text: its DOM default, never changed after (the DOM holds the text from then on). */
  readonly defaultValue: string;
  /** The field's `onChange`: filters the text (see `filter`) and asks for a hand-over of it after the next frame. */
  readonly onChange: (event?: SyntheticEvent) => void;
  /** Hands the form the current text at once when the form does not hold it yet (call on blur). */
  readonly flush: () => void;
}

/**
 * A text field (`<input>`, `<textarea>`) that owns its text ("typing stays fast"): a keystroke renders
 * nothing, the browser paints the character at once, and only after that frame does the field hand the form its
 * text, in a React transition, so RJSF's state update, live validation and re-render of every field run after the
 * borrower saw the key, in tasks the next key interrupts. Keys typed before that hand-over go in one report.
 *
 * So the form's data never misses what was typed, a blur (`flush`), a submit or leaving the page (`pagehide`: a
 * reload, closing the tab) reports the text at once when the form does not hold it yet. A value the form passes down
 * that is not one this field reported (a chooser wrote the draft, a reset) replaces the text; an older one of its
 * own arriving late (the transition of an earlier key) does not. The DOM value is set only in that case, so the
 * caret stays where the borrower types (and an IME composition is not disturbed) and moves to the end only when the
 * text changed from outside, as with any controlled input.
 *
 * `onChange` is RJSF's for the field, `emptyValue` what an emptied field reports (`ui:emptyValue`, undefined by
 * default). `filter` (the form's typing filter for the field, `useTypingFilter`) rewrites the text as it is typed,
 * before the browser paints it: what it removes is never seen. The caret keeps its distance to the end of the text
 * (what goes is what was just typed, before it). It waits while an input method composes (the candidates are the
 * input method's) and applies to what it commits.
 */
export function useOwnedText<E extends HTMLInputElement | HTMLTextAreaElement>(
  value: unknown,
  onChange: (value: unknown) => void,
  emptyValue: unknown,
  filter?: (text: string) => string,
): OwnedText<E> {
  const shown = textOf(value);
  const ref = useRef<E>(null);
  const [defaultValue] = useState(shown);
  // The value last passed down, the texts reported since that the form has not passed back yet, the text the form
  // ends up with once what was reported lands (the last report, or a value passed from outside since), and whether
  // a hand-over waits for a frame.
  const own = useRef({ passed: shown, sent: new Set<string>(), reported: shown, waiting: false });
  const report = (raw: string) => {
    own.current.sent.add(raw);
    own.current.reported = raw;
    onChange(raw === '' ? emptyValue : raw);
  };
  // The latest `report` (the one of the last render) for the hand-over after the frame.
  const latest = useRef(report);
  useLayoutEffect(() => {
    latest.current = report;
  });
  // Needed unless the form holds the text and no report of another text is on its way (in a transition).
  const flush = () => {
    const raw = ref.current?.value ?? '';
    if (raw !== own.current.passed || raw !== own.current.reported) report(raw);
  };
  useLayoutEffect(() => {
    const { passed, sent } = own.current;
    if (shown === passed) return;
    own.current.passed = shown;
    const echo = sent.has(shown);
    const dom = ref.current;
    if (!echo) own.current.reported = shown;
    if (!echo && dom && dom.value !== shown) dom.value = shown;
    if (!echo || shown === dom?.value) sent.clear();
  }, [shown]);
  const handleChange = (event?: SyntheticEvent) => {
    const dom = ref.current;
    if (filter && dom && !(event?.nativeEvent as InputEvent | undefined)?.isComposing) {
      const text = dom.value;
      const kept = filter(text);
      if (kept !== text) {
        const end = dom.selectionEnd;
        dom.value = kept;
        // As far from the end as it was: what the filter took is what was just typed, before the caret (null: an
        // input type without a caret position).
        if (end !== null) {
          const caret = Math.max(0, kept.length - (text.length - end));
          dom.setSelectionRange(caret, caret);
        }
      }
    }
    if (own.current.waiting) return;
    own.current.waiting = true;
    afterNextPaint(() => {
      own.current.waiting = false;
      const raw = ref.current?.value;
      if (raw !== undefined && raw !== own.current.reported) startTransition(() => latest.current(raw));
    });
  };
  // A submit (Enter, or a button that leaves the focus here) is handled after this listener in the same event: React
  // runs the form's own submit handler from its root. Leaving the page reports synchronously, so the draft store has
  // the text before the page goes. What an input method composed is filtered once it commits it (compositionend: in
  // Chromium after the composition's last input event). Subscribed anew with each render's `onChange`.
  useEffect(() => {
    const dom = ref.current;
    const form = dom?.form;
    const leave = () => flushSync(flush);
    const composed = () => handleChange();
    form?.addEventListener('submit', flush, true);
    window.addEventListener('pagehide', leave);
    dom?.addEventListener('compositionend', composed);
    return () => {
      form?.removeEventListener('submit', flush, true);
      window.removeEventListener('pagehide', leave);
      dom?.removeEventListener('compositionend', composed);
    };
  });
  return { ref, defaultValue, onChange: handleChange, flush };
}
