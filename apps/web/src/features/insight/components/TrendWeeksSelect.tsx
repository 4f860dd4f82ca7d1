import { Select } from '@mantine/core';
import { TREND_WEEK_COUNTS } from '@playrep/contracts';
import { useMessages } from '../../../lib/i18n/messages';

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
  const { t, label: labelOf } = useMessages();
  return (
    <Select
      label={labelOf(label)}
      data={TREND_WEEK_COUNTS.map((n) => ({ value: String(n), label: t('insight.trends.lastWeeks', { weeks: String(n) }) }))}
      value={value}
      onChange={(picked) => onChange(picked ?? value)}
      allowDeselect={false}
      w={160}
    />
  );
}
