import { Group } from '@mantine/core';
import { SubjectPicker } from './ReportSubject';

/** The filters of a report whose only filter is its subject (no Show Details button). */
export function SubjectFilters() {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label="Report filters">
      <SubjectPicker />
    </Group>
  );
}
