import { DatePickerInput } from '@mantine/dates';
import { DATE_LABELS } from '@playrep/contracts';
import { type ApiDate, formatDate, todayIst } from '../../../lib/format';

/** Display format of every date field: d-M-Y, for example 05-Mar-2025 (docs/screens.md, Every report screen). */
export const DATE_FIELD_FORMAT = 'DD-MMM-YYYY';

/** The names of the calendar's buttons, for screen readers (every date field's calendar). */
export const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose month',
  yearLevelControl: 'Choose year',
};

// Mantine's weekday names (gray 6) and weekend days (red 6) fall below AA contrast on white.
const CALENDAR_STYLES = { weekday: { color: 'var(--mantine-color-gray-7)' } };

export interface DatePickerFieldProps {
  /** Visible label, also the accessible name. Default 'Select Date'. */
  label?: string;
  /** 'YYYY-MM-DD' or null. */
  value: ApiDate | null;
  onChange: (value: ApiDate | null) => void;
  /** Earliest and latest selectable days, 'YYYY-MM-DD'; never later than today (IST), the default latest. */
  minDate?: ApiDate;
  maxDate?: ApiDate;
  disabled?: boolean;
  placeholder?: string;
  /** Width of the field; default 170px. */
  w?: number | string;
}

/** The latest day a report date may be: `maxDate` if earlier, else today (IST); no report looks ahead. */
export function latestDay(maxDate?: ApiDate): ApiDate {
  const today = todayIst();
  return maxDate && maxDate < today ? maxDate : today;
}

/**
 * A read-only date field: it cannot be typed into, it opens a calendar with Today and Clear, and
 * it shows the day as 05-Mar-2025; days after today (IST) cannot be picked. Controlled, with API
 * days ('YYYY-MM-DD').
 */
export function DatePickerField({
  label = DATE_LABELS.date,
  value,
  onChange,
  minDate,
  maxDate,
  disabled,
  placeholder = 'DD-Mon-YYYY',
  w = 170,
}: DatePickerFieldProps) {
  const shown = value ? formatDate(value) : '';
  return (
    <DatePickerInput
      label={label}
      // The field is a button: name it with its value too, so a screen reader hears the chosen day.
      aria-label={shown ? `${label}: ${shown}` : label}
      value={value}
      onChange={(next) => onChange(next ?? null)}
      valueFormat={DATE_FIELD_FORMAT}
      placeholder={placeholder}
      minDate={minDate}
      maxDate={latestDay(maxDate)}
      disabled={disabled}
      w={w}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      ariaLabels={CALENDAR_LABELS}
      styles={CALENDAR_STYLES}
      weekendDays={[]}
      hideOutsideDates
      // The dropdown's own aria-labelledby points at an id the field does not carry: name it here.
      popoverProps={{ attributes: { dropdown: { 'aria-label': `${label} calendar` } } }}
      presets={[
        { value: todayIst(), label: 'Today' },
        { value: null, label: 'Clear' },
      ]}
    />
  );
}
