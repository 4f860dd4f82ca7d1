import { Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** The filters of a report without a Show Details button (only the report subject). */
export function FiltersRow({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label="Report filters">
      {children}
    </Group>
  );
}
