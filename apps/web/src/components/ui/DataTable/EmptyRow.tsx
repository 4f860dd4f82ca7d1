import { Table } from '@mantine/core';

/** The one row of a table without rows: 'No data available', or 'Loading…' while the first result loads. */
export function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan} style={{ textAlign: 'center' }}>
        {text}
      </Table.Td>
    </Table.Tr>
  );
}
