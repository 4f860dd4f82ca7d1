import { Select } from '@mantine/core';
import { TREND_WEEK_COUNTS } from '@playrep/contracts';

/** The choice of weeks a trend shows (Trends, Cafe Trends): Last 4, 8, 12 or 26 weeks. */
export function TrendWeeksSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (weeks: string) => void;
}) {
  return (
    <Select
      label={label}
      data={TREND_WEEK_COUNTS.map((n) => ({ value: String(n), label: `Last ${n} weeks` }))}
      value={value}
      onChange={(picked) => onChange(picked ?? value)}
      allowDeselect={false}
      w={160}
    />
  );
}
