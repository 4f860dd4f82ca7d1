import { Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { RevenueRow } from '@playrep/contracts';
import { useId } from 'react';
import { formatDate } from '../../../lib/format';
import { message, useMessages } from '../../../lib/i18n/messages';
import { weekAxisLayout } from './chart-axis';
import { RevenueChartPlot } from './RevenueChartPlot';

/** The chart's title in the language chosen now: 'Weekly profit and revenue (Actual Rev)'. */
export function chartTitle(): string {
  return message('money.chart.title');
}

/** Height of the chart without its week axis (plot and legend). */
export const PLOT_AND_LEGEND_HEIGHT = 210;

/** One week of the chart. */
export interface WeekPoint {
  week: string;
  profit: number;
  actualRevenue: number;
}

/** The x-axis label of a week: its Monday, marked when the week is still open. */
export function weekLabel(row: Pick<RevenueRow, 'fromDate' | 'open'>): string {
  // The day and the month: as many characters as the day and its month take (a Hindi month's name is longer).
  const day = formatDate(row.fromDate).replace(/-\d{4}$/, '');
  return row.open ? message('money.chart.weekOpen', { week: day }) : day;
}

/**
 * Profit as bars and Actual Rev as a dashed line with dots, one point per week, above the table.
 * The two series differ in shape as well as colour and are named in the legend; the week's figures
 * are in the table below, which is what a screen reader is pointed to. Every week keeps its label
 * (chart-axis.ts): slanted on a narrow screen, and the chart scrolls sideways when they still do
 * not fit.
 */
export function RevenueChart({ rows, profitLabel = 'Profit' }: { rows: readonly RevenueRow[]; profitLabel?: string }) {
  const { t, label } = useMessages();
  const captionId = useId();
  const points: WeekPoint[] = rows.map((row) => ({ week: weekLabel(row), profit: row.profit, actualRevenue: row.actualRevenue }));
  const first = rows[0];
  const last = rows.at(-1);
  const span = first && last ? t('money.revenue.range', { from: formatDate(first.fromDate), to: formatDate(last.toDate) }) : '';
  const { ref, width } = useElementSize();
  const axis = weekAxisLayout(
    width,
    points.map((p) => p.week),
  );
  return (
    <Box component="figure" m={0} aria-labelledby={captionId}>
      <Text component="figcaption" id={captionId} fw={600} size="sm" mb={4}>
        {chartTitle()}
        {span ? `, ${span}` : ''}
      </Text>
      <Box ref={ref}>
        <RevenueChartPlot points={points} axis={axis} width={width} profitLabel={label(profitLabel)} />
      </Box>
    </Box>
  );
}
