import type { ReactNode } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';

import { formatDay } from '@/lib/format';

/** Chart colours: the theme's accent first, then colours that read on the dark surface. */
export const CHART_COLORS = {
  accent: '#f5b83d',
  sky: '#38bdf8',
  emerald: '#34d399',
  rose: '#fb7185',
} as const;

const AXIS_TICK = { fill: '#8b8b9c', fontSize: 12 };
const GRID = 'rgb(255 255 255 / 0.08)';

type Value = string | number;

export type ChartSeries = {
  /** The data field it plots. */
  key: string;
  label: string;
  color: string;
  kind?: 'line' | 'bar';
  /** A second scale on the right, for a series of another unit. */
  axis?: 'left' | 'right';
  format?: (value: number) => string;
};

type SeriesChartProps = {
  /** The figure's accessible name and the data table's caption. */
  label: string;
  data: Record<string, Value>[];
  xKey: string;
  /** The category axis in words, for the table ("Day"). */
  xLabel: string;
  series: ChartSeries[];
  formatX?: (value: Value) => string;
  /** The left scale's range, e.g. [0, 1] for shares; from the data when left out. */
  yDomain?: [number, number];
  height?: number;
  /** A line under the chart saying what it shows. */
  summary?: ReactNode;
};

const plain = (value: Value) => String(value);

/**
 * A line and/or bar chart over a category axis (days, months, percents) with recharts, sized to
 * its container. Screen readers get the same figures as a table.
 */
export function SeriesChart({
  label,
  data,
  xKey,
  xLabel,
  series,
  formatX = plain,
  yDomain,
  height = 240,
  summary,
}: SeriesChartProps) {
  const left = series.find((item) => item.axis !== 'right');
  const right = series.find((item) => item.axis === 'right');
  const formatOf = (name: unknown) => series.find((item) => item.label === name)?.format;

  return (
    <figure aria-label={label} className="grid min-w-0 gap-2">
      {/* Hidden from assistive technology (the table carries the figures), and so out of the tab order too. */}
      <div aria-hidden="true">
        <ComposedChart
          accessibilityLayer={false}
          responsive
          data={data}
          style={{ width: '100%', height }}
          margin={{ top: 8, right: right ? 8 : 16, bottom: 0, left: 0 }}
        >
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey={xKey} tickFormatter={formatX} tick={AXIS_TICK} stroke={GRID} minTickGap={16} />
          <YAxis
            yAxisId="left"
            tick={AXIS_TICK}
            stroke={GRID}
            width={56}
            domain={yDomain ?? [0, 'auto']}
            tickFormatter={left?.format}
          />
          {right ? (
            <YAxis
              yAxisId="right"
              orientation="right"
              tick={AXIS_TICK}
              stroke={GRID}
              width={56}
              tickFormatter={right.format}
            />
          ) : null}
          <Tooltip
            contentStyle={{
              background: '#17171f',
              border: '1px solid rgb(255 255 255 / 0.1)',
              borderRadius: 12,
              color: '#f4f4f6',
            }}
            labelFormatter={(value) => formatX(value as Value)}
            formatter={(value, name) => {
              const format = formatOf(name);
              return [typeof value === 'number' && format ? format(value) : String(value), name];
            }}
          />
          {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
          {series.map((item) => {
            const plotted = {
              yAxisId: item.axis ?? 'left',
              dataKey: item.key,
              name: item.label,
              isAnimationActive: false,
            };
            return item.kind === 'bar' ? (
              <Bar key={item.key} {...plotted} fill={item.color} radius={[4, 4, 0, 0]} />
            ) : (
              <Line
                key={item.key}
                {...plotted}
                stroke={item.color}
                strokeWidth={2}
                dot={false}
                type="monotone"
              />
            );
          })}
        </ComposedChart>
      </div>
      {summary ? <figcaption className="text-sm text-fg-muted">{summary}</figcaption> : null}
      <table className="sr-only">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{xLabel}</th>
            {series.map((item) => (
              <th key={item.key} scope="col">
                {item.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((row, index) => (
            <tr key={index}>
              <th scope="row">{formatX(row[xKey] ?? '')}</th>
              {series.map((item) => {
                const value = row[item.key];
                return (
                  <td key={item.key}>
                    {typeof value === 'number' && item.format ? item.format(value) : String(value ?? '')}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** A SeriesChart over days: each row of `data` has an ISO `date`, shown on the axis by formatDay. */
export function DailyChart(props: Omit<SeriesChartProps, 'xKey' | 'xLabel' | 'formatX'>) {
  return <SeriesChart {...props} xKey="date" xLabel="Day" formatX={(value) => formatDay(String(value))} />;
}
