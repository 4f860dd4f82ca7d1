import { describe, expect, it } from 'vitest';
import { weekAxisLayout, Y_AXIS_WIDTH } from './chart-axis';

const weeks = (n: number) => Array.from({ length: n }, (_, i) => `${String(i + 1).padStart(2, '0')}-Nov`);

describe('weekAxisLayout', () => {
  it('keeps level labels when every week has room for its label', () => {
    const layout = weekAxisLayout(1000, [...weeks(3), '23-Nov (open)']);
    expect(layout.angle).toBe(0);
    expect(layout.chartWidth).toBe(1000);
    // Half of the last, longest label hangs past its tick.
    expect(layout.rightMargin).toBeGreaterThan(0);
  });

  it('slants the labels on a phone, within the screen while 22 px a week fit', () => {
    // 358 px is the chart's width on a 390 px screen; 13 weeks leave 20 px each: 22 does not fit.
    const four = weekAxisLayout(358, [...weeks(3), '23-Nov (open)']);
    expect(four.angle).toBe(-45);
    expect(four.chartWidth).toBe(358);
    const eleven = weekAxisLayout(358, weeks(11));
    expect(eleven.chartWidth).toBe(358);
    const thirteen = weekAxisLayout(358, weeks(13));
    expect(thirteen.angle).toBe(-45);
    expect(thirteen.chartWidth).toBe(Y_AXIS_WIDTH + 13 * 22);
  });

  it('leaves room below for the longest slanted label', () => {
    const short = weekAxisLayout(358, weeks(6));
    const long = weekAxisLayout(358, [...weeks(5), '23-Nov (open)']);
    expect(long.axisHeight).toBeGreaterThan(short.axisHeight);
  });
});
