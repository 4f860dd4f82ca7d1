export { type AccordionSection, ReportAccordion, type ReportAccordionProps } from './ReportAccordion';
