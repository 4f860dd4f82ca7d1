export { ReportToolbar, type ReportToolbarProps } from './ReportToolbar';
