import { useCallback } from 'react';
import type { WidgetProps } from '@rjsf/utils';

/** The phone's UTC offset at `date`, as RFC 3339 writes it (`+08:00`). */
export function utcOffset(date = new Date()): string {
  const minutes = -date.getTimezoneOffset();
  const abs = Math.abs(minutes);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(z|[+-]\d{2}(?::?\d{2})?)?$/iu;

/** A time value as the phone's picker shows it (`HH:MM`, or `HH:MM:SS` with seconds), in the phone's time zone. */
export function localTime(value: string, offset = utcOffset()): string {
  const match = TIME.exec(value);
  if (!match) return value;
  const [, h, m, s, zone] = match;
  let minutes = Number(h) * 60 + Number(m);
  if (zone !== undefined) {
    const given = zone.toLowerCase() === 'z' ? 0 : zoneMinutes(zone);
    minutes += zoneMinutes(offset) - given;
  }
  minutes = ((minutes % 1440) + 1440) % 1440;
  const two = (n: number) => String(n).padStart(2, '0');
  const hm = `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
  return s !== undefined && s !== '00' ? `${hm}:${s}` : hm;
}

function zoneMinutes(zone: string): number {
  const digits = zone.replace(':', '');
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || '0');
  return digits.startsWith('-') ? -minutes : minutes;
}

/**
 * `format: time` (`ui:widget: 'time'`): the phone's own time picker on the engine's input (BaseInputTemplate). JSON
 * Schema's `time` is RFC 3339's full-time, with seconds and a time zone (ajv-formats refuses `14:30:00`, which RJSF's
 * own time widget gives), so the value is what the picker shows with the phone's offset (`14:30:00+08:00`), and a
 * value in another zone shows in the phone's. Fetched when a field uses it.
 */
export function TimeInput(props: WidgetProps) {
  const { onChange, value } = props;
  const change = useCallback(
    (picked: unknown) => {
      if (typeof picked !== 'string' || picked === '') onChange(undefined);
      else onChange(`${picked.length === 5 ? `${picked}:00` : picked}${utcOffset()}`);
    },
    [onChange],
  );
  const { BaseInputTemplate } = props.registry.templates;
  return (
    <BaseInputTemplate
      {...props}
      type="time"
      value={typeof value === 'string' && value !== '' ? localTime(value) : value}
      onChange={change}
    />
  );
}
