import { Group, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { FIRST_REPORT_DAY } from '../../config/report-years';
import { type ApiDate, addDays, formatDate, parseApiDate } from '../../lib/format';
import { label as labelIn, message } from '../../lib/i18n/messages';
import { calendarLabels, DATE_FIELD_FORMAT, type DateRange } from '../ui/DatePicker';
import { currentWeekMonday, lastWeekMonday } from './settlement-weeks';

const isMonday = (day: ApiDate) => parseApiDate(day)?.getUTCDay() === 1;

/**
 * One settlement week (the mail reports, Week at a Glance). From Date is a read-only picker that
 * offers only Mondays, up to the current week, with Today (the week of today) and Clear
 * (the server's default week: the last finished one for the mail reports, the open one for Week at
 * a Glance) besides Last week and This week; To Date follows it (its Sunday, From Date + 6 days)
 * and is shown, not picked (docs/screens.md, "Agent Mail Details").
 */
export function WeekPicker({ value, onChange }: { value: DateRange; onChange: (value: DateRange) => void }) {
  const from = value.from;
  const to = from ? addDays(from, 6) : null;
  const shownFrom = from ? formatDate(from) : '';
  const [fromLabel, toLabel] = [labelIn('From Date'), labelIn('To Date')];
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <DatePickerInput
        label={fromLabel}
        aria-label={shownFrom ? message('dates.fieldValue', { label: fromLabel, value: shownFrom }) : fromLabel}
        description={message('dates.aMonday')}
        value={from}
        onChange={(next) => onChange(next ? { from: next, to: addDays(next, 6) } : { from: null, to: null })}
        valueFormat={DATE_FIELD_FORMAT}
        placeholder={message('dates.placeholder')}
        excludeDate={(day) => !isMonday(day)}
        minDate={FIRST_REPORT_DAY}
        maxDate={currentWeekMonday()}
        firstDayOfWeek={1}
        w={170}
        ariaLabels={calendarLabels()}
        // Mantine's weekday names (gray 6) and dimmed description fall below AA contrast on white.
        styles={{ weekday: { color: 'var(--mantine-color-gray-7)' }, description: { color: 'var(--mantine-color-gray-7)' } }}
        weekendDays={[]}
        hideOutsideDates
        popoverProps={{ attributes: { dropdown: { 'aria-label': message('dates.calendar', { label: fromLabel }) } } }}
        clearable
        clearButtonProps={{ 'aria-label': message('dates.clearField', { label: fromLabel }) }}
        presets={[
          { value: currentWeekMonday(), label: message('dates.today') },
          { value: lastWeekMonday(), label: message('dates.lastWeek') },
          { value: currentWeekMonday(), label: message('dates.thisWeek') },
          { value: null, label: message('dates.clear') },
        ]}
      />
      <TextInput
        label={toLabel}
        description={message('dates.itsSunday')}
        aria-label={to ? message('dates.fieldValue', { label: toLabel, value: formatDate(to) }) : toLabel}
        value={to ? formatDate(to) : ''}
        readOnly
        w={170}
        styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
      />
    </Group>
  );
}
