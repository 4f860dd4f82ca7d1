import { Group } from '@mantine/core';
import { message } from '../../lib/i18n/messages';
import { SubjectPicker } from './ReportSubject';

/** The filters of a report whose only filter is its subject (no Show Details button). */
export function SubjectFilters() {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={message('report.filters')}>
      <SubjectPicker />
    </Group>
  );
}
