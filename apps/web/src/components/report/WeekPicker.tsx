import { Group, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { FIRST_REPORT_DAY } from '../../config/report-years';
import { type ApiDate, addDays, formatDate, parseApiDate } from '../../lib/format';
import { CALENDAR_LABELS, DATE_FIELD_FORMAT, type DateRange } from '../ui/DatePicker';
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
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <DatePickerInput
        label="From Date"
        aria-label={shownFrom ? `From Date: ${shownFrom}` : 'From Date'}
        description="a Monday"
        value={from}
        onChange={(next) => onChange(next ? { from: next, to: addDays(next, 6) } : { from: null, to: null })}
        valueFormat={DATE_FIELD_FORMAT}
        placeholder="DD-Mon-YYYY"
        excludeDate={(day) => !isMonday(day)}
        minDate={FIRST_REPORT_DAY}
        maxDate={currentWeekMonday()}
        firstDayOfWeek={1}
        w={170}
        ariaLabels={CALENDAR_LABELS}
        // Mantine's weekday names (gray 6) and dimmed description fall below AA contrast on white.
        styles={{ weekday: { color: 'var(--mantine-color-gray-7)' }, description: { color: 'var(--mantine-color-gray-7)' } }}
        weekendDays={[]}
        hideOutsideDates
        popoverProps={{ attributes: { dropdown: { 'aria-label': 'From Date calendar' } } }}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear From Date' }}
        presets={[
          { value: currentWeekMonday(), label: 'Today' },
          { value: lastWeekMonday(), label: 'Last week' },
          { value: currentWeekMonday(), label: 'This week' },
          { value: null, label: 'Clear' },
        ]}
      />
      <TextInput
        label="To Date"
        description="its Sunday"
        aria-label={to ? `To Date: ${formatDate(to)}` : 'To Date'}
        value={to ? formatDate(to) : ''}
        readOnly
        w={170}
        styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
      />
    </Group>
  );
}
