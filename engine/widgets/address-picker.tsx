import { useEffect, useRef, useState } from 'react';
import { ariaDescribedByIds } from '@rjsf/utils';
import type { WidgetProps } from '@rjsf/utils';
import { filterByName } from './fold-text.ts';
import { readLabels } from './widget-labels.ts';
import './widgets.css';

/** The three levels, top down: province (or province-level area), city or municipality, barangay. */
export type AddressLevel = 'province' | 'city' | 'barangay';

/** One place of a level: its code (PSGC) and its name. */
export interface AddressArea {
  code: string;
  name: string;
}

/** Loads the places of a level under a parent (`null` for provinces); given by the caller in `ui:options`. */
export type LoadLevel = (level: AddressLevel, parentCode: string | null) => Promise<readonly AddressArea[]>;

/** The widget's value, filled top down; a level's fields are absent until it is chosen. */
export interface AddressValue {
  provinceCode?: string;
  provinceName?: string;
  cityCode?: string;
  cityName?: string;
  barangayCode?: string;
  barangayName?: string;
}

type ListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: readonly AddressArea[] };

const LEVELS: readonly AddressLevel[] = ['province', 'city', 'barangay'];
const LABELS = [
  'province',
  'city',
  'barangay',
  'choose',
  'search',
  'loading',
  'loadError',
  'retry',
  'noMatch',
] as const;

function parentCode(level: AddressLevel, value: AddressValue): string | null | undefined {
  if (level === 'province') return null;
  return level === 'city' ? value.provinceCode : value.cityCode;
}

/** The value after choosing `area` at `level`: the levels above kept, the levels below cleared. */
export function chooseArea(value: AddressValue, level: AddressLevel, area: AddressArea): AddressValue {
  if (level === 'province') return { provinceCode: area.code, provinceName: area.name };
  if (level === 'city')
    return {
      provinceCode: value.provinceCode,
      provinceName: value.provinceName,
      cityCode: area.code,
      cityName: area.name,
    };
  return { ...value, barangayCode: area.code, barangayName: area.name };
}

/**
 * A cascading address (`ui:widget: 'address'`): province, then city or municipality, then barangay, each chosen from
 * a searchable list (accent-insensitive). Each list is loaded only when its level is opened, through
 * `options.loadLevel(level, parentCode)` (the app fetches the PSGC files, so no address data sits in a bundle), and
 * kept for the widget's life; a failed load shows `labels.loadError` with a retry button. Choosing a level clears the
 * levels below it. Options: `loadLevel` (required), `labels` { province, city, barangay, choose, search, loading,
 * loadError, retry, noMatch }. Value: `{ provinceCode, provinceName, cityCode, cityName, barangayCode, barangayName }`
 * filled top down, `undefined` when nothing is chosen; like contactPicker it is mounted on a `type: object` property.
 */
export function AddressPicker({ id, value, options, disabled, readonly, onChange }: WidgetProps) {
  const labels = readLabels(options, LABELS);
  const loadLevel = options['loadLevel'] as LoadLevel | undefined;
  const current: AddressValue = typeof value === 'object' && value !== null ? (value as AddressValue) : {};
  const [open, setOpen] = useState<AddressLevel | null>(null);
  const [query, setQuery] = useState('');
  const [lists, setLists] = useState<Record<string, ListState>>({});
  const requested = useRef(new Set<string>());
  const search = useRef<HTMLInputElement>(null);
  const locked = disabled || readonly;

  useEffect(() => {
    if (open) search.current?.focus();
  }, [open]);

  /** Loads a list once; a failed load is forgotten so that retrying (or reopening the level) asks again. */
  const request = (level: AddressLevel, parent: string | null) => {
    const key = `${level}:${parent ?? ''}`;
    if (!loadLevel || requested.current.has(key)) return;
    requested.current.add(key);
    setLists((all) => ({ ...all, [key]: { status: 'loading' } }));
    // Through a promise so that a loader throwing synchronously also ends in the error state.
    Promise.resolve()
      .then(() => loadLevel(level, parent))
      .then(
        (items) => setLists((all) => ({ ...all, [key]: { status: 'ready', items } })),
        () => {
          requested.current.delete(key);
          setLists((all) => ({ ...all, [key]: { status: 'error' } }));
        },
      );
  };

  const toggle = (level: AddressLevel) => {
    const parent = parentCode(level, current);
    if (parent === undefined) return;
    setQuery('');
    setOpen(open === level ? null : level);
    if (open !== level) request(level, parent);
  };

  const choose = (level: AddressLevel, area: AddressArea) => {
    onChange(chooseArea(current, level, area));
    setQuery('');
    const next = LEVELS[LEVELS.indexOf(level) + 1];
    setOpen(next ?? null);
    if (next) request(next, area.code);
  };

  return (
    <div className="ui-widget-address" id={id} aria-describedby={ariaDescribedByIds(id)}>
      {LEVELS.map((level) => {
        const parent = parentCode(level, current);
        const chosen = current[`${level}Name`];
        const panelId = `${id}-${level}-list`;
        const key = `${level}:${parent ?? ''}`;
        const list = lists[key];
        return (
          <div key={level} className="ui-widget-address-level">
            <button
              type="button"
              id={`${id}-${level}`}
              className="ui-widget-address-toggle"
              aria-expanded={open === level}
              aria-controls={panelId}
              disabled={locked || parent === undefined}
              onClick={() => toggle(level)}
            >
              <span className="ui-widget-address-label">{labels[level]}</span>
              <span className={chosen ? 'ui-widget-address-value' : 'ui-widget-address-placeholder'}>
                {chosen ?? labels.choose}
              </span>
            </button>
            {open === level && parent !== undefined && (
              <div className="ui-widget-address-panel" id={panelId}>
                <input
                  ref={search}
                  className="ui-widget-input"
                  type="search"
                  aria-label={`${labels.search} ${labels[level]}`}
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                />
                {(!list || list.status === 'loading') && (
                  <p className="ui-widget-status" role="status">
                    {labels.loading}
                  </p>
                )}
                {list?.status === 'error' && (
                  <div className="ui-widget-status ui-widget-status-error" role="alert">
                    <span>{labels.loadError}</span>
                    <button type="button" className="ui-widget-button" onClick={() => request(level, parent)}>
                      {labels.retry}
                    </button>
                  </div>
                )}
                {list?.status === 'ready' && (
                  <AreaList
                    items={filterByName(list.items, query)}
                    selected={current[`${level}Code`]}
                    noMatch={labels.noMatch}
                    label={labels[level]}
                    onChoose={(area) => choose(level, area)}
                  />
                )}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}

function AreaList(props: {
  items: readonly AddressArea[];
  selected: string | undefined;
  noMatch: string;
  label: string;
  onChoose: (area: AddressArea) => void;
}) {
  if (props.items.length === 0) return <p className="ui-widget-status">{props.noMatch}</p>;
  return (
    <ul className="ui-widget-address-list" aria-label={props.label}>
      {props.items.map((area) => (
        <li key={area.code}>
          <button
            type="button"
            className="ui-widget-address-option"
            aria-pressed={area.code === props.selected}
            onClick={() => props.onChoose(area)}
          >
            {area.name}
          </button>
        </li>
      ))}
    </ul>
  );
}
