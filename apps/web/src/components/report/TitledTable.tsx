import { Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from '../ui';

/**
 * A table under its own heading (a section of a page), which also names the table for screen
 * readers; `intro` (a hint, a summary line) stands between the two.
 */
export function TitledTable<Row extends object>({
  title,
  intro,
  ...table
}: { title: string; intro?: ReactNode } & Omit<DataTableProps<Row>, 'ariaLabel' | 'caption'>) {
  return (
    <>
      <Title order={2} size="h4">
        {title}
      </Title>
      {intro}
      <DataTable {...table} ariaLabel={title} />
    </>
  );
}
