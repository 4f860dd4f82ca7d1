import { Group, Select } from '@mantine/core';
import { DATE_LABELS } from '@playrep/contracts';
import { useState } from 'react';
import { type ApiDate, todayIst } from '../../../lib/format';
import { type MessageId, message } from '../../../lib/i18n/messages';
import { type DayRange, presetRange, presetWithin, RANGE_PRESETS, type RangePreset } from '../../report/report-dates';
import { DatePickerField, latestDay } from './DatePickerField';
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

/** How the list names each preset, in the chosen language. */
const PRESET_NAMES: Readonly<Record<RangePreset, MessageId>> = {
  'This week': 'dates.thisWeek',
  'Last week': 'dates.lastWeek',
  'Last 4 weeks': 'dates.last4Weeks',
  'Last 12 weeks': 'dates.last12Weeks',
  'This month': 'dates.thisMonth',
  'Last month': 'dates.lastMonth',
};

/** The presets a screen can offer today, each cut to the days it allows; a preset with none is left out. */
function offeredPresets(minDate: ApiDate | undefined, latest: ApiDate): { preset: RangePreset; range: DayRange }[] {
  const today = todayIst();
  return RANGE_PRESETS.flatMap((preset) => {
    const range = presetWithin(presetRange(preset, today), minDate, latest);
    return range ? [{ preset, range }] : [];
  });
}

/**
 * The date pair of the report screens: two read-only pickers where choosing From sets To to
 * From + 6 days (today at the latest) and choosing To sets From to To - 6 days, and a Range list
 * of presets (This week ... Last month) that sets both at once. Like the pickers, a preset only
 * changes the value: the screen's Show Details / Search applies it.
 */
export function DateRangePicker({
  value,
  onChange,
  fromLabel = DATE_LABELS.fromDate,
  toLabel = DATE_LABELS.toDate,
  spanDays = WEEK_SPAN_DAYS,
  minDate,
  maxDate,
  disabled,
}: DateRangePickerProps) {
  const latest = latestDay(maxDate);
  const presets = offeredPresets(minDate, latest);
  // The preset last picked, so that of two presets giving the same days (This week and This month
  // on a Monday the 1st) the list shows the one chosen; otherwise the first that matches the dates.
  const [picked, setPicked] = useState<RangePreset | null>(null);
  const matches = (range: DayRange) => range.from === value.from && range.to === value.to;
  const shown =
    presets.find((p) => p.preset === picked && matches(p.range))?.preset ?? presets.find((p) => matches(p.range))?.preset ?? null;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={message('dates.range')}
        placeholder={message('dates.chooseRange')}
        data={presets.map((p) => ({ value: p.preset, label: message(PRESET_NAMES[p.preset]) }))}
        value={shown}
        onChange={(preset) => {
          const chosen = presets.find((p) => p.preset === preset);
          if (!chosen) return;
          setPicked(chosen.preset);
          onChange(chosen.range);
        }}
        allowDeselect={false}
        disabled={disabled}
        w={170}
      />
      <DatePickerField
        label={fromLabel}
        value={value.from}
        onChange={(from) => onChange(withFrom(value, from, spanDays, latest))}
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
