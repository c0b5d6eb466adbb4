import { useRef, useState } from 'react';
import { ariaDescribedByIds, useFileWidgetProps } from '@rjsf/utils';
import type { WidgetProps } from '@rjsf/utils';
import { useFormText } from '../form/form-text.ts';
import { DEFAULT_MAX_FILE_BYTES } from './file-limits.ts';
import './widgets.css';
import './rjsf-widgets.css';

/**
 * A file as a data URL (`format: data-url`, RJSF's `file` widget; `ui:widget: 'file'`): one button opens the phone's
 * chooser (camera, photos, files; `capture` opens the camera at once), the chosen file is shown by name with a button
 * to take it out. The value is RJSF's (`data:<type>;name=<name>;base64,...`, read by @rjsf/utils
 * `useFileWidgetProps`), an array of them for a list of files (`multiple`). A file over `maxBytes` (default 5 MB) is
 * not read: the field says so and keeps what it had. Options: `accept` (`image/*,application/pdf` by default),
 * `maxBytes`, `capture` ('environment' / 'user'). Texts: the form's `form.file.*` keys.
 */
export function FileInput(props: WidgetProps) {
  const { id, value, options, disabled, readonly, multiple, onChange } = props;
  const { t } = useFormText();
  const input = useRef<HTMLInputElement>(null);
  const { filesInfo, handleChange, handleRemove } = useFileWidgetProps(value, onChange, multiple === true);
  const [problem, setProblem] = useState<'tooLarge' | 'failed'>();
  const maxBytes = typeof options['maxBytes'] === 'number' ? options['maxBytes'] : DEFAULT_MAX_FILE_BYTES;
  const accept = typeof options['accept'] === 'string' ? options['accept'] : 'image/*,application/pdf';
  const capture =
    options['capture'] === 'user' || options['capture'] === 'environment' ? options['capture'] : undefined;
  const locked = disabled || readonly;

  const take = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    if (Array.from(files).some((file) => file.size > maxBytes)) {
      setProblem('tooLarge');
    } else {
      setProblem(undefined);
      try {
        await handleChange(files);
      } catch {
        setProblem('failed');
      }
    }
    // The same file chosen again must fire a change event.
    if (input.current) input.current.value = '';
  };

  return (
    <div className="ui-widget-file">
      {filesInfo.length > 0 && (
        <ul className="ui-widget-file-list">
          {filesInfo.map((file, index) => (
            <li key={`${index}-${file.name}`} className="ui-widget-file-item">
              <span className="ui-widget-file-name">{file.name}</span>
              {!locked && (
                <button type="button" className="ui-widget-button" onClick={() => handleRemove(index)}>
                  {t('form.file.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={id}
        className="ui-widget-visually-hidden"
        type="file"
        accept={accept}
        capture={capture}
        multiple={multiple === true}
        disabled={locked}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => void take(event.target.files)}
      />
      <label htmlFor={id} className={`ui-widget-button${locked ? ' ui-widget-button-disabled' : ''}`}>
        {filesInfo.length > 0 && multiple !== true ? t('form.file.change') : t('form.file.choose')}
      </label>
      {problem && (
        <p className="ui-widget-status ui-widget-status-error" role="alert">
          {problem === 'tooLarge'
            ? t(`form.file.tooLarge?limit=${String(Math.floor(maxBytes / 100_000) / 10)}`)
            : t('form.file.failed')}
        </p>
      )}
    </div>
  );
}
