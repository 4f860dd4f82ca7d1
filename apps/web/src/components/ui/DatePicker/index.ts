export {
  CALENDAR_LABELS,
  calendarLabels,
  DATE_FIELD_FORMAT,
  DatePickerField,
  type DatePickerFieldProps,
} from './DatePickerField';
export { DateRangePicker, type DateRangePickerProps } from './DateRangePicker';
export { type DateRange, WEEK_SPAN_DAYS, withFrom, withTo } from './date-pairing';
