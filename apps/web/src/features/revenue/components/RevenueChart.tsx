import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import { Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { RevenueRow } from '@playrep/contracts';
import { useId } from 'react';
import { SideScroll } from '../../../components/ui';
import { formatAmount, formatDate } from '../../../lib/format';
import { weekAxisLayout, Y_AXIS_WIDTH } from './chart-axis';

export const CHART_TITLE = 'Weekly profit and revenue (Actual Rev)';

/** The x-axis label of a week: its Monday, marked when the week is still open. */
export function weekLabel(row: Pick<RevenueRow, 'fromDate' | 'open'>): string {
  return `${formatDate(row.fromDate).slice(0, 6)}${row.open ? ' (open)' : ''}`;
}

/** Height of the chart without its week axis (plot and legend). */
const PLOT_AND_LEGEND_HEIGHT = 210;

/**
 * Profit as bars and Actual Rev as a dashed line with dots, one point per week, above the table.
 * The two series differ in shape as well as colour and are named in the legend; the week's figures
 * are in the table below, which is what a screen reader is pointed to. Every week keeps its label
 * (chart-axis.ts): slanted on a narrow screen, and the chart scrolls sideways when they still do
 * not fit.
 */
export function RevenueChart({ rows, profitLabel = 'Profit' }: { rows: readonly RevenueRow[]; profitLabel?: string }) {
  const captionId = useId();
  const data = rows.map((row) => ({ week: weekLabel(row), profit: row.profit, actualRevenue: row.actualRevenue }));
  const first = rows[0];
  const last = rows.at(-1);
  const span = first && last ? `${formatDate(first.fromDate)} to ${formatDate(last.toDate)}` : '';
  const { ref, width } = useElementSize();
  const axis = weekAxisLayout(
    width,
    data.map((d) => d.week),
  );
  return (
    <Box component="figure" m={0} aria-labelledby={captionId}>
      <Text component="figcaption" id={captionId} fw={600} size="sm" mb={4}>
        {CHART_TITLE}
        {span ? `, ${span}` : ''}
      </Text>
      <Box ref={ref}>
        <SideScroll label={CHART_TITLE}>
          <CompositeChart
            w={width > 0 ? axis.chartWidth : '100%'}
            h={PLOT_AND_LEGEND_HEIGHT + axis.axisHeight}
            data={data}
            dataKey="week"
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            valueFormatter={formatAmount}
            yAxisProps={{ width: Y_AXIS_WIDTH }}
            xAxisProps={{
              interval: 0,
              angle: axis.angle,
              textAnchor: axis.angle ? 'end' : 'middle',
              height: axis.axisHeight,
            }}
            referenceLines={[{ y: 0, color: 'gray.6' }]}
            maxBarWidth={40}
            series={[
              { name: 'profit', label: profitLabel, type: 'bar', color: 'blue.7' },
              { name: 'actualRevenue', label: 'Actual Rev', type: 'line', color: 'orange.9', strokeDasharray: '6 3' },
            ]}
            composedChartProps={{
              title: CHART_TITLE,
              desc: `${rows.length} weeks; the figures of every week are in the table below.`,
              margin: { top: 5, right: axis.rightMargin, bottom: 5, left: 5 },
            }}
          />
        </SideScroll>
      </Box>
    </Box>
  );
}
