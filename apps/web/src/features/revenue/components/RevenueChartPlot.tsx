import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import { SideScroll } from '../../../components/ui';
import { formatAmount } from '../../../lib/format';
import { type WeekAxisLayout, Y_AXIS_WIDTH } from './chart-axis';
import { CHART_TITLE, PLOT_AND_LEGEND_HEIGHT, type WeekPoint } from './RevenueChart';

export interface RevenueChartPlotProps {
  points: readonly WeekPoint[];
  axis: WeekAxisLayout;
  /** The width measured for the plot; 0 before the first measure. */
  width: number;
  profitLabel: string;
}

/**
 * The plot of the Revenue chart (recharts through Mantine's charts, the largest code of the app),
 * loaded on demand by RevenueChart.tsx once a report has weeks to draw.
 */
export function RevenueChartPlot({ points, axis, width, profitLabel }: RevenueChartPlotProps) {
  return (
    <SideScroll label={CHART_TITLE}>
      <CompositeChart
        w={width > 0 ? axis.chartWidth : '100%'}
        h={PLOT_AND_LEGEND_HEIGHT + axis.axisHeight}
        data={[...points]}
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
          desc: `${points.length} weeks; the figures of every week are in the table below.`,
          margin: { top: 5, right: axis.rightMargin, bottom: 5, left: 5 },
        }}
      />
    </SideScroll>
  );
}
