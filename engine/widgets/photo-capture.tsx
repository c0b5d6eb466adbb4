import { useEffect, useRef, useState } from 'react';
import { ariaDescribedByIds } from '@rjsf/utils';
import type { WidgetProps } from '@rjsf/utils';
import { downscaleToJpeg } from './photo-downscale.ts';
import { MAX_PHOTO_SIDE } from './photo-size.ts';
import { readLabels } from './widget-labels.ts';
import './widgets.css';

const LABELS = ['take', 'retake', 'preview', 'processing', 'failed'] as const;

/**
 * A photo from the camera or the library (`ui:widget: 'photo'`), downscaled in the browser before it goes anywhere.
 * Options: `capture` ('environment' for documents, the default; 'user' for a selfie), `guidance` (text shown above the
 * button, e.g. "Clear, four corners visible, no reflection"), `quality` (JPEG, default 0.85), `maxSide` (default
 * 1600), `labels` { take, retake, preview (image alt), processing, failed }.
 *
 * The value is a JPEG data URL (`data:image/jpeg;base64,...`, a few hundred KB at 1600 px): it is a plain string, so
 * it survives the store's localStorage persistence and JSON Schema validates it (`format`/`pattern`) like any field.
 * A value that is not a data URL is a photo already stored elsewhere (an upload id such as `doc:<id>`): the widget
 * counts it as taken and shows it through `options.preview(value)`, a Promise of an image URL, when given.
 */
export function PhotoCapture({ id, value, options, disabled, readonly, label, onChange }: WidgetProps) {
  const labels = readLabels(options, LABELS, { take: label });
  const capture = options['capture'] === 'user' ? 'user' : 'environment';
  const quality = typeof options['quality'] === 'number' ? options['quality'] : 0.85;
  const maxSide = typeof options['maxSide'] === 'number' ? options['maxSide'] : MAX_PHOTO_SIDE;
  const guidance = typeof options['guidance'] === 'string' ? options['guidance'] : undefined;
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'processing' | 'failed'>('idle');
  const preview = options['preview'] as ((stored: string) => Promise<string>) | undefined;
  const stored = typeof value === 'string' && value !== '' && !value.startsWith('data:') ? value : undefined;
  const [resolved, setResolved] = useState<{ stored: string; url: string }>();
  useEffect(() => {
    if (!stored || !preview) return;
    let live = true;
    preview(stored).then(
      (url) => live && setResolved({ stored, url }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [stored, preview]);
  const photo =
    typeof value === 'string' && value.startsWith('data:image/')
      ? value
      : resolved?.stored === stored
        ? resolved?.url
        : undefined;
  const taken = photo !== undefined || stored !== undefined;
  const locked = disabled || readonly || state === 'processing';

  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    setState('processing');
    try {
      onChange(await downscaleToJpeg(file, maxSide, quality));
      setState('idle');
    } catch {
      setState('failed');
    } finally {
      // The same file chosen again must fire a change event.
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="ui-widget-photo" aria-busy={state === 'processing'}>
      {guidance && (
        <p className="ui-widget-photo-guidance" id={`${id}__guidance`}>
          {guidance}
        </p>
      )}
      {photo && <img className="ui-widget-photo-preview" src={photo} alt={labels.preview} />}
      <input
        ref={input}
        id={id}
        className="ui-widget-visually-hidden"
        type="file"
        accept="image/*"
        capture={capture}
        disabled={locked}
        aria-describedby={`${guidance ? `${id}__guidance ` : ''}${ariaDescribedByIds(id)}`}
        onChange={(event) => void handleFile(event.target.files?.[0])}
      />
      <label
        htmlFor={id}
        className={`ui-widget-button ui-widget-photo-take${locked ? ' ui-widget-button-disabled' : ''}`}
      >
        {taken ? labels.retake : labels.take}
      </label>
      {state === 'processing' && (
        <p className="ui-widget-status" role="status">
          {labels.processing}
        </p>
      )}
      {state === 'failed' && (
        <p className="ui-widget-status ui-widget-status-error" role="alert">
          {labels.failed}
        </p>
      )}
    </div>
  );
}
