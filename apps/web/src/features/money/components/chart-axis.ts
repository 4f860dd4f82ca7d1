/**
 * How the Revenue chart's week axis fits a width: every week keeps its label. Labels sit level
 * while each week's slot holds its label; otherwise they slant, and when even slanted labels do
 * not fit (many weeks on a phone) the chart grows wider than the screen and scrolls sideways.
 */

/** Pixels the y-axis (amounts such as -1,00,000.00) takes on the left. */
export const Y_AXIS_WIDTH = 96;
/** Estimated width of one character of a 12 px tick label, and the gap kept between labels. */
const CHAR_PX = 7.5;
const LABEL_GAP_PX = 10;
/** Horizontal room one slanted (-45°) label needs. */
const SLANTED_SLOT_PX = 22;
/** Height of the level axis (Mantine's default). */
const LEVEL_AXIS_HEIGHT = 30;

export interface WeekAxisLayout {
  /** 0 for level labels, -45 for slanted ones. */
  angle: 0 | -45;
  /** Height of the x-axis band, room for the slanted labels. */
  axisHeight: number;
  /** Width of the chart: the available width, or more when it has to scroll sideways. */
  chartWidth: number;
  /** Room on the right so that the last level label is not cut off. */
  rightMargin: number;
}

const labelPx = (label: string) => label.length * CHAR_PX;

export function weekAxisLayout(available: number, labels: readonly string[]): WeekAxisLayout {
  const weeks = Math.max(1, labels.length);
  const longest = Math.max(0, ...labels.map(labelPx));
  const last = labelPx(labels.at(-1) ?? '');
  const levelRight = Math.ceil(last / 2);
  const slot = (available - Y_AXIS_WIDTH - levelRight) / weeks;
  if (slot >= longest + LABEL_GAP_PX) {
    return { angle: 0, axisHeight: LEVEL_AXIS_HEIGHT, chartWidth: available, rightMargin: levelRight };
  }
  // Slanted labels end at their tick and run down-left: nothing sticks out on the right.
  const axisHeight = Math.ceil(longest * Math.SQRT1_2) + 20;
  const chartWidth = Math.max(available, Y_AXIS_WIDTH + weeks * SLANTED_SLOT_PX);
  return { angle: -45, axisHeight, chartWidth, rightMargin: 8 };
}
