import { DatePickerInput } from '@mantine/dates';
import { DATE_LABELS } from '@playrep/contracts';
import { type ApiDate, formatDate, todayIst } from '../../../lib/format';
import { label as labelIn, message } from '../../../lib/i18n/messages';

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

/** CALENDAR_LABELS in the chosen language. */
export function calendarLabels(): typeof CALENDAR_LABELS {
  return {
    previousMonth: message('dates.previousMonth'),
    nextMonth: message('dates.nextMonth'),
    previousYear: message('dates.previousYear'),
    nextYear: message('dates.nextYear'),
    previousDecade: message('dates.previousDecade'),
    nextDecade: message('dates.nextDecade'),
    monthLevelControl: message('dates.chooseMonth'),
    yearLevelControl: message('dates.chooseYear'),
  };
}

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
  label: givenLabel = DATE_LABELS.date,
  value,
  onChange,
  minDate,
  maxDate,
  disabled,
  placeholder = message('dates.placeholder'),
  w = 170,
}: DatePickerFieldProps) {
  const label = labelIn(givenLabel);
  const shown = value ? formatDate(value) : '';
  return (
    <DatePickerInput
      label={label}
      // The field is a button: name it with its value too, so a screen reader hears the chosen day.
      aria-label={shown ? message('dates.fieldValue', { label, value: shown }) : label}
      value={value}
      onChange={(next) => onChange(next ?? null)}
      valueFormat={DATE_FIELD_FORMAT}
      placeholder={placeholder}
      minDate={minDate}
      maxDate={latestDay(maxDate)}
      disabled={disabled}
      w={w}
      clearable
      clearButtonProps={{ 'aria-label': message('dates.clearField', { label }) }}
      ariaLabels={calendarLabels()}
      styles={CALENDAR_STYLES}
      weekendDays={[]}
      hideOutsideDates
      // The dropdown's own aria-labelledby points at an id the field does not carry: name it here.
      popoverProps={{ attributes: { dropdown: { 'aria-label': message('dates.calendar', { label }) } } }}
      presets={[
        { value: todayIst(), label: message('dates.today') },
        { value: null, label: message('dates.clear') },
      ]}
    />
  );
}
