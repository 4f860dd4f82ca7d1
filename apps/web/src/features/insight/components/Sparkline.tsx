import { formatAmount } from '../../../lib/format';
import { message } from '../../../lib/i18n/messages';

const WIDTH = 96;
const HEIGHT = 24;
const PAD = 2;

/**
 * A row's weekly profits as a small line (plain SVG), oldest week on the left, with a dotted zero
 * line when the profits cross it. It repeats figures the row shows, so it is named for screen
 * readers by its first and last values only.
 */
export function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  const first = values[0];
  const last = values.at(-1);
  if (first === undefined || last === undefined) return null;
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || 1;
  const x = (i: number) => PAD + (values.length === 1 ? 0 : (i * (WIDTH - 2 * PAD)) / (values.length - 1));
  const y = (v: number) => PAD + ((high - v) * (HEIGHT - 2 * PAD)) / span;
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  return (
    <svg
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={message('insight.sparkline.range', { label, first: formatAmount(first), last: formatAmount(last) })}
    >
      {low < 0 && high > 0 && (
        <line x1={PAD} x2={WIDTH - PAD} y1={y(0)} y2={y(0)} stroke="var(--mantine-color-gray-6)" strokeDasharray="2 2" />
      )}
      <polyline points={points} fill="none" stroke="var(--mantine-color-blue-7)" strokeWidth={1.5} />
      <circle
        cx={x(values.length - 1)}
        cy={y(last)}
        r={2}
        fill={last < 0 ? 'var(--mantine-color-red-8)' : 'var(--mantine-color-blue-7)'}
      />
    </svg>
  );
}
