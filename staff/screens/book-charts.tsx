/**
 * The book dashboard's charts (recharts, in the dashboard's own chunk only). A chart is a picture of a table shown
 * beside it: to a screen reader it is one image named by its title, and the table carries the figures.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { formatPeso } from '#domain/money.ts';
import { usePercent } from './book-parts.tsx';

/** What a chart's values are: centavos (shown as pesos), counts, or basis points (shown as percent). */
export type Measure = 'money' | 'count' | 'basisPoints';

export interface ChartBar {
  readonly key: string;
  readonly name: string;
  readonly color: string;
  /** A second measure on the right-hand axis (loans beside an amount). */
  readonly right?: boolean;
}

/** Colours that stay apart for the common colour-vision deficiencies (Okabe and Ito). */
export const COLORS = {
  blue: '#0072b2',
  orange: '#e69f00',
  green: '#009e73',
  red: '#d55e00',
  purple: '#cc79a7',
  grey: '#6b7785',
} as const;

/**
 * The least top of an axis: a range without movement draws ₱0 to ₱1,000, 0 to 4 or 0 to 100 % rather than ticks of
 * single centavos.
 */
const AXIS_FLOOR: Readonly<Record<Measure, number>> = { money: 100_000, count: 4, basisPoints: 10_000 };
const domainOf = (measure: Measure): [number, (dataMax: number) => number] => [
  0,
  (dataMax) => Math.max(dataMax, AXIS_FLOOR[measure]),
];

function useFormat(measure: Measure): (value: unknown) => string {
  const percent = usePercent();
  const { i18n } = useTranslation();
  return (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return '';
    if (measure === 'basisPoints') return percent(value);
    // Axis ticks of an integer scale are whole centavos: never rounded into an amount that was not there.
    if (measure === 'money') return Number.isSafeInteger(value) ? formatPeso(value, { wholeIfExact: true }) : '';
    return new Intl.NumberFormat(i18n.language).format(value);
  };
}

export function BarsChart<T extends object>({
  title,
  data,
  category,
  categoryLabel,
  bars,
  measure,
  rightMeasure = 'count',
  height = 260,
}: {
  title: string;
  data: readonly T[];
  /** The field naming each group of bars (a day, a bucket, a step). */
  category: keyof T & string;
  categoryLabel?: (value: string) => string;
  bars: readonly ChartBar[];
  measure: Measure;
  rightMeasure?: Measure;
  height?: number;
}) {
  const { t } = useTranslation();
  const left = useFormat(measure);
  const right = useFormat(rightMeasure);
  const label = (value: unknown) => (categoryLabel ? categoryLabel(String(value)) : String(value));
  const hasRight = bars.some((b) => b.right);
  return (
    <div className="bk-chart" role="img" aria-label={t('book.chartLabel', { title })}>
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={[...data]} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey={category as string} tickFormatter={label} fontSize={12} />
          <YAxis
            yAxisId="left"
            domain={domainOf(measure)}
            allowDecimals={false}
            tickFormatter={left}
            fontSize={12}
            width={measure === 'money' ? 96 : 56}
          />
          {hasRight && (
            <YAxis
              yAxisId="right"
              orientation="right"
              domain={domainOf(rightMeasure)}
              allowDecimals={false}
              tickFormatter={right}
              fontSize={12}
            />
          )}
          <Tooltip
            labelFormatter={label}
            formatter={(value, _name, item) => {
              const bar = bars.find((b) => b.key === item.dataKey);
              return bar?.right ? right(value) : left(value);
            }}
          />
          <Legend />
          {bars.map((bar) => (
            <Bar
              key={bar.key}
              dataKey={bar.key}
              name={bar.name}
              fill={bar.color}
              yAxisId={bar.right ? 'right' : 'left'}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
