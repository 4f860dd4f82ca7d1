import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../components/ui/test-utils';
import { weekAxisLayout } from './chart-axis';
import { amountTicks, RevenueChartPlot } from './RevenueChartPlot';

const POINTS = [
  { week: '03-Feb', profit: 1200, actualRevenue: 180 },
  { week: '10-Feb', profit: -450.5, actualRevenue: 0 },
  { week: '17-Feb (open)', profit: 300, actualRevenue: 45 },
];

describe('the Revenue chart, drawn without a chart library', () => {
  it('draws a bar per week from the zero line, a dot per week on the Actual Rev line, every label and the legend', () => {
    const axis = weekAxisLayout(
      700,
      POINTS.map((p) => p.week),
    );
    const { container } = renderUi(<RevenueChartPlot points={POINTS} axis={axis} width={700} profitLabel="Profit" />);
    const svg = container.querySelector('svg.revenue-chart')!;
    expect(svg.getAttribute('aria-label')).toMatch(/^Weekly profit and revenue \(Actual Rev\): 3 weeks/);
    const bars = [...svg.querySelectorAll('.revenue-chart-bars rect')];
    expect(bars).toHaveLength(3);
    // Heights in proportion to the profits (a loss goes down from the same zero line).
    const heights = bars.map((b) => Number(b.getAttribute('height')));
    expect(heights[0]! / heights[1]!).toBeCloseTo(1200 / 450.5, 5);
    expect(heights[0]! / heights[2]!).toBeCloseTo(1200 / 300, 5);
    const zeroY = Number(bars[0]!.getAttribute('y')) + heights[0]!;
    expect(Number(bars[1]!.getAttribute('y'))).toBeCloseTo(zeroY, 5);
    expect(svg.querySelectorAll('circle')).toHaveLength(3);
    expect([...svg.querySelectorAll('.revenue-chart-x-labels text')].map((t) => t.textContent)).toEqual(
      POINTS.map((p) => p.week),
    );
    expect([...svg.querySelectorAll('.revenue-chart-legend text')].map((t) => t.textContent)).toEqual(['Profit', 'Actual Rev']);
  });

  it('puts round amounts on the axis, zero among them, covering every figure', () => {
    const ticks = amountTicks(-450.5, 1200);
    expect(ticks).toContain(0);
    expect(ticks[0]).toBeLessThanOrEqual(-450.5);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(1200);
    const steps = new Set(ticks.slice(1).map((t, i) => t - ticks[i]!));
    expect(steps.size).toBe(1);
    expect(amountTicks(0, 0)).toEqual([0]);
  });
});
