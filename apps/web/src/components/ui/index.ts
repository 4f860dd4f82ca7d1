// The shared report toolkit: import from 'components/ui'.
export * from './Accordion';
export * from './DataTable';
export * from './DatePicker';
export * from './Outcome';
export * from './Popup';
export * from './ReportToolbar';
export * from './SideScroll';
