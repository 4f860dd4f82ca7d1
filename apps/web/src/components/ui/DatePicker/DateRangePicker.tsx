import { Group } from '@mantine/core';
import type { ApiDate } from '../../../lib/format';
import { DatePickerField } from './DatePickerField';
import { type DateRange, WEEK_SPAN_DAYS, withFrom, withTo } from './date-pairing';

export interface DateRangePickerProps {
  /** Both days 'YYYY-MM-DD' or null. */
  value: DateRange;
  onChange: (value: DateRange) => void;
  /** Default 'From Date' and 'To Date'. */
  fromLabel?: string;
  toLabel?: string;
  /** Days between the paired dates, default 6 (a 7-day window). */
  spanDays?: number;
  minDate?: ApiDate;
  maxDate?: ApiDate;
  disabled?: boolean;
}

/**
 * The date pair of the report screens: two read-only pickers where choosing From sets To to
 * From + 6 days and choosing To sets From to To - 6 days.
 */
export function DateRangePicker({
  value,
  onChange,
  fromLabel = 'From Date',
  toLabel = 'To Date',
  spanDays = WEEK_SPAN_DAYS,
  minDate,
  maxDate,
  disabled,
}: DateRangePickerProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <DatePickerField
        label={fromLabel}
        value={value.from}
        onChange={(from) => onChange(withFrom(value, from, spanDays))}
        minDate={minDate}
        maxDate={maxDate}
        disabled={disabled}
      />
      <DatePickerField
        label={toLabel}
        value={value.to}
        onChange={(to) => onChange(withTo(value, to, spanDays))}
        minDate={minDate}
        maxDate={maxDate}
        disabled={disabled}
      />
    </Group>
  );
}
