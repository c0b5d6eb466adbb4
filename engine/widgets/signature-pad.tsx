import { useEffect, useRef } from 'react';
import SignaturePadCanvas from 'signature_pad';
import { ariaDescribedByIds } from '@rjsf/utils';
import type { WidgetProps } from '@rjsf/utils';
import { readLabels } from './widget-labels.ts';
import './widgets.css';

const LABELS = ['pad', 'clear'] as const;

/**
 * A handwritten signature (`ui:widget: 'signature'`) drawn with signature_pad. The value is a PNG data URL
 * (`data:image/png;base64,...`) emitted at the end of each stroke, `undefined` once cleared. Options: `labels.pad`
 * (the canvas's accessible name, e.g. "Sign here with your finger"), `labels.clear`. The pen takes the container's
 * text colour (theme variables in widgets.css). The canvas follows its container's size and devicePixelRatio; on
 * resize the strokes are redrawn from their points (or, for a value restored from the store, from the PNG).
 */
export function SignaturePad({ id, value, options, disabled, readonly, label, onChange }: WidgetProps) {
  const labels = readLabels(options, LABELS, { pad: label });
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePadCanvas | null>(null);
  // Read inside effects without re-creating the pad when the form re-renders.
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });

  useEffect(() => {
    const element = canvas.current;
    const container = box.current;
    if (!element || !container) return undefined;
    const signature = new SignaturePadCanvas(element, { penColor: getComputedStyle(container).color || 'black' });
    pad.current = signature;

    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = container.clientWidth;
      const height = element.clientHeight || Math.round(width / 2);
      if (width === 0 || (element.width === Math.round(width * ratio) && element.height === Math.round(height * ratio)))
        return;
      const strokes = signature.toData();
      element.width = Math.round(width * ratio);
      element.height = Math.round(height * ratio);
      element.getContext('2d')?.scale(ratio, ratio);
      signature.clear();
      if (strokes.length > 0) signature.fromData(strokes);
      else restore();
    };
    // A signature kept in the store (the borrower went back a step) is shown again from its PNG.
    const restore = () => {
      const saved = latest.current.value;
      if (typeof saved === 'string' && saved.startsWith('data:image/'))
        void signature.fromDataURL(saved).catch(() => undefined);
    };
    const emit = () => latest.current.onChange(signature.isEmpty() ? undefined : signature.toDataURL('image/png'));

    fit();
    if (signature.isEmpty()) restore();
    signature.addEventListener('endStroke', emit);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : undefined;
    observer?.observe(container);
    if (!observer) window.addEventListener('resize', fit);
    return () => {
      signature.removeEventListener('endStroke', emit);
      signature.off();
      observer?.disconnect();
      window.removeEventListener('resize', fit);
      pad.current = null;
    };
  }, []);

  useEffect(() => {
    const signature = pad.current;
    if (!signature) return;
    if (disabled || readonly) signature.off();
    else signature.on();
  }, [disabled, readonly]);

  const clear = () => {
    pad.current?.clear();
    onChange(undefined);
  };

  return (
    <div className="ui-widget-signature" ref={box}>
      <canvas
        ref={canvas}
        id={id}
        className="ui-widget-signature-canvas"
        role="img"
        aria-label={labels.pad}
        aria-describedby={ariaDescribedByIds(id)}
      />
      <button
        type="button"
        className="ui-widget-button ui-widget-signature-clear"
        onClick={clear}
        disabled={disabled || readonly || !value}
      >
        {labels.clear}
      </button>
    </div>
  );
}
