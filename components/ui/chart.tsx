'use client';

import * as React from 'react';
import * as Recharts from 'recharts';
import { cn } from '@/lib/utils';

/**
 * Charts in the shadcn style, on Recharts: a `ChartConfig` names each series (label and colour), the container
 * turns the colours into CSS variables (`var(--color-<key>)`) for the chart's parts to use, and the tooltip
 * and legend read their labels from the same config. Each chart is a figure with an accessible name; its
 * numbers are also offered as a table by the card around it.
 */
export type ChartConfig = Record<string, { label: string; color: string }>;

const ChartContext = React.createContext<ChartConfig | null>(null);

function useChartConfig(): ChartConfig {
  const config = React.useContext(ChartContext);
  if (!config) throw new Error('Chart parts must be inside a <ChartContainer>.');
  return config;
}

export function ChartContainer({
  config,
  label,
  className,
  style,
  children,
}: {
  config: ChartConfig;
  style?: React.CSSProperties;
  /** What the chart shows, for screen readers (the figure's accessible name). */
  label: string;
  className?: string;
  children: React.ComponentProps<typeof Recharts.ResponsiveContainer>['children'];
}) {
  const colours = Object.fromEntries(
    Object.entries(config).map(([key, { color }]) => [`--color-${key}`, color]),
  ) as React.CSSProperties;
  return (
    <ChartContext.Provider value={config}>
      <figure
        role="img"
        aria-label={label}
        data-slot="chart"
        style={{ ...colours, ...style }}
        className={cn(
          'm-0 h-64 w-full text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted [&_.recharts-surface]:outline-none',
          className,
        )}
      >
        <Recharts.ResponsiveContainer initialDimension={{ width: 320, height: 256 }}>
          {children}
        </Recharts.ResponsiveContainer>
      </figure>
    </ChartContext.Provider>
  );
}

export const ChartTooltip = Recharts.Tooltip;
export const ChartLegend = Recharts.Legend;

interface TooltipItem {
  dataKey?: string | number | ((obj: unknown) => unknown);
  name?: string | number;
  value?: unknown;
  color?: string;
}

/** The tooltip's box: the point's label, then each series' colour, name and formatted value. */
export function ChartTooltipContent({
  active,
  payload,
  label,
  formatValue = (value) => String(value),
  formatLabel = (value) => String(value),
}: {
  active?: boolean;
  payload?: readonly TooltipItem[];
  label?: unknown;
  formatValue?: (value: number, key: string) => string;
  formatLabel?: (label: unknown) => string;
}) {
  const config = useChartConfig();
  if (!active || !payload?.length) return null;
  return (
    <div className="grid min-w-32 gap-1.5 rounded-lg border bg-background px-2.5 py-1.5 text-xs shadow-xl">
      <div className="font-medium">{formatLabel(label)}</div>
      {payload.map((item) => {
        const key = String(item.dataKey ?? item.name ?? '');
        return (
          <div key={key} className="flex items-center gap-2">
            <Swatch color={config[key]?.color ?? item.color} />
            <span className="text-muted-foreground">{config[key]?.label ?? key}</span>
            <span className="ml-auto font-mono font-medium tabular-nums">
              {formatValue(Number(item.value), key)}
            </span>
          </div>
        );
      })}
    </div>
  );
}

/** The legend: each series' colour and label, from the config. */
export function ChartLegendContent({
  payload,
}: {
  payload?: readonly { dataKey?: unknown; value?: unknown }[];
}) {
  const config = useChartConfig();
  if (!payload?.length) return null;
  return (
    <ul className="flex flex-wrap items-center justify-center gap-4 pt-3">
      {payload.map((item) => {
        const key = String(item.dataKey ?? item.value ?? '');
        return (
          <li key={key} className="flex items-center gap-1.5">
            <Swatch color={config[key]?.color} />
            {config[key]?.label ?? key}
          </li>
        );
      })}
    </ul>
  );
}

/** A series' colour beside its name (decorative: the name says which series it is). */
function Swatch({ color }: { color: string | undefined }) {
  return (
    <span aria-hidden="true" className="size-2.5 shrink-0 rounded-[2px]" style={{ background: color }} />
  );
}
