import { SideScroll } from '../../../components/ui';
import { formatAmount, formatInt } from '../../../lib/format';
import { useMessages } from '../../../lib/i18n/messages';
import { type WeekAxisLayout, Y_AXIS_WIDTH } from './chart-axis';
import { chartTitle, PLOT_AND_LEGEND_HEIGHT, type WeekPoint } from './RevenueChart';

export interface RevenueChartPlotProps {
  points: readonly WeekPoint[];
  axis: WeekAxisLayout;
  /** The width measured for the plot; 0 before the first measure. */
  width: number;
  profitLabel: string;
}

/** Room under the axis for the legend, above the plot, and the widest a week's bar gets. */
const LEGEND_HEIGHT = 28;
const TOP = 8;
const MAX_BAR_WIDTH = 40;
const PROFIT_COLOR = 'var(--mantine-color-blue-7)';
const REVENUE_COLOR = 'var(--mantine-color-orange-9)';
const AXIS_COLOR = 'var(--mantine-color-gray-6)';
const TEXT_COLOR = 'var(--mantine-color-gray-8)';

/** About five round steps (1, 2 or 5 times a power of ten) from `low` to `high`, 0 among them. */
export function amountTicks(low: number, high: number): number[] {
  const min = Math.min(0, low);
  const max = Math.max(0, high);
  if (max === min) return [0];
  const rough = (max - min) / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const ticks: number[] = [];
  for (let t = Math.floor(min / step) * step; t < max + step; t += step) {
    ticks.push(Math.round(t * 100) / 100);
    if (t >= max) break;
  }
  return ticks;
}

/**
 * The plot of the Revenue chart, drawn as SVG here (no chart library: it was most of the page's
 * code and its main-thread time): Profit as bars from the zero line, Actual Rev as a dashed line
 * with a dot per week, the amounts on the left, every week's label under its bar (level or slanted
 * as chart-axis.ts decides), and the legend under the axis.
 */
export function RevenueChartPlot({ points, axis, width, profitLabel }: RevenueChartPlotProps) {
  const { t, label } = useMessages();
  const title = chartTitle();
  const chartWidth = width > 0 ? axis.chartWidth : 600;
  const height = PLOT_AND_LEGEND_HEIGHT + axis.axisHeight;
  const plotBottom = height - LEGEND_HEIGHT - axis.axisHeight;
  const left = Y_AXIS_WIDTH;
  const right = chartWidth - axis.rightMargin - 5;
  const ticks = amountTicks(
    Math.min(...points.flatMap((p) => [p.profit, p.actualRevenue])),
    Math.max(...points.flatMap((p) => [p.profit, p.actualRevenue])),
  );
  const [low, high] = [ticks[0] ?? 0, ticks.at(-1) ?? 1];
  const y = (v: number) => TOP + ((high - v) / (high - low || 1)) * (plotBottom - TOP);
  const slot = (right - left) / Math.max(1, points.length);
  const barWidth = Math.min(MAX_BAR_WIDTH, slot * 0.6);
  const x = (i: number) => left + slot * (i + 0.5);
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.actualRevenue).toFixed(1)}`).join(' ');
  const legendY = height - LEGEND_HEIGHT / 2;
  const legendX = left + (right - left) / 2 - 90;

  return (
    <SideScroll label={title}>
      <svg
        className="revenue-chart"
        width={chartWidth}
        height={height}
        viewBox={`0 0 ${chartWidth} ${height}`}
        role="img"
        aria-label={t('money.chart.summary', { title, count: points.length, n: formatInt(points.length) })}
        fontSize={12}
      >
        <g className="revenue-chart-y-labels" fill={TEXT_COLOR} textAnchor="end">
          {ticks.map((t) => (
            <g key={t}>
              <line x1={left} x2={right} y1={y(t)} y2={y(t)} stroke="var(--mantine-color-gray-3)" strokeDasharray="5 5" />
              <text x={left - 6} y={y(t)} dy="0.32em">
                {formatAmount(t)}
              </text>
            </g>
          ))}
        </g>
        <g className="revenue-chart-bars" fill={PROFIT_COLOR}>
          {points.map((p, i) => (
            <rect
              key={p.week}
              x={x(i) - barWidth / 2}
              y={Math.min(y(p.profit), y(0))}
              width={barWidth}
              height={Math.abs(y(p.profit) - y(0))}
            />
          ))}
        </g>
        <line x1={left} x2={right} y1={y(0)} y2={y(0)} stroke={AXIS_COLOR} />
        <path d={line} fill="none" stroke={REVENUE_COLOR} strokeWidth={2} strokeDasharray="6 3" />
        <g fill={REVENUE_COLOR}>
          {points.map((p, i) => (
            <circle key={p.week} cx={x(i)} cy={y(p.actualRevenue)} r={3} />
          ))}
        </g>
        <g className="revenue-chart-x-labels" fill={TEXT_COLOR} textAnchor={axis.angle ? 'end' : 'middle'}>
          {points.map((p, i) => (
            <text
              key={p.week}
              x={x(i)}
              y={plotBottom + 16}
              transform={axis.angle ? `rotate(${axis.angle} ${x(i)} ${plotBottom + 16})` : undefined}
            >
              {p.week}
            </text>
          ))}
        </g>
        <g className="revenue-chart-legend" fill={TEXT_COLOR}>
          <rect x={legendX} y={legendY - 6} width={12} height={12} fill={PROFIT_COLOR} />
          <text x={legendX + 18} y={legendY} dy="0.32em">
            {profitLabel}
          </text>
          <line
            x1={legendX + 100}
            x2={legendX + 124}
            y1={legendY}
            y2={legendY}
            stroke={REVENUE_COLOR}
            strokeWidth={2}
            strokeDasharray="6 3"
          />
          <text x={legendX + 130} y={legendY} dy="0.32em">
            {label('Actual Rev')}
          </text>
        </g>
      </svg>
    </SideScroll>
  );
}
