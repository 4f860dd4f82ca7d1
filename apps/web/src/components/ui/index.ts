// The shared report toolkit: import from 'components/ui'. The date pickers are imported from
// 'components/ui/DatePicker', so that the pages without a date field do not load the calendar and
// its date library (about 16 KB gzip).
export * from './Accordion';
export * from './DataTable';
export * from './Outcome';
export * from './Popup';
export * from './ReportToolbar';
export * from './SideScroll';
