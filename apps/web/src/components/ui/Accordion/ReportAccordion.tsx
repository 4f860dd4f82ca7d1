import { Accordion } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { label } from '../../../lib/i18n/messages';

export interface AccordionSection {
  /** Stable id, used as the open value (and for example as a URL parameter). */
  id: string;
  title: ReactNode;
  /** The section's rows, shown after the title: 'Points Received (3)'. */
  count?: number;
  content: ReactNode;
}

export interface ReportAccordionProps {
  sections: readonly AccordionSection[];
  /** Open section id, or null for none (controlled). */
  value?: string | null;
  /** Called with the section that opened, or null when the open one was closed. */
  onChange?: (value: string | null) => void;
  /** Uncontrolled start: default the first section. */
  defaultValue?: string | null;
  /** Heading level wrapping each section title (default 3). */
  headingOrder?: 2 | 3 | 4 | 5 | 6;
}

/**
 * Report sections where exactly one or none is open (docs/screens.md, Point Transfer): the first starts open,
 * clicking the open one closes it; a title may say how many rows its section holds. Titles are buttons inside headings with aria-expanded;
 * arrow keys, Home and End move between them.
 */
export function ReportAccordion({ sections, value, onChange, defaultValue, headingOrder = 3 }: ReportAccordionProps) {
  const [open, setOpen] = useUncontrolled<string | null>({
    value,
    defaultValue: defaultValue === undefined ? (sections[0]?.id ?? null) : defaultValue,
    finalValue: null,
    onChange,
  });
  return (
    // keepMounted false: only the open section's content is rendered (closed ones would otherwise be
    // rendered too, hidden, which on a phone costs as much as the open one).
    <Accordion
      value={open}
      onChange={setOpen}
      order={headingOrder}
      variant="contained"
      chevronPosition="left"
      keepMounted={false}
    >
      {sections.map((section) => (
        <Accordion.Item key={section.id} value={section.id}>
          <Accordion.Control fw={600}>
            {typeof section.title === 'string' ? label(section.title) : section.title}
            {section.count !== undefined && ` (${section.count})`}
          </Accordion.Control>
          <Accordion.Panel>{section.content}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
