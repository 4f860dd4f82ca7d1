import { Table, UnstyledButton } from '@mantine/core';
import { flexRender, type Header, type HeaderGroup } from '@tanstack/react-table';
import { label as labelIn } from '../../../lib/i18n/messages';
import { isNumericType } from './cells';
import type { ResolvedColumn } from './columns';
import { type KeyFigurePin, keyFigureCell } from './key-figures';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** The column headers; a sortable column's header is a button that toggles ascending/descending. */
export function HeaderRows<Row extends object>({
  groups,
  columns,
  pins,
}: {
  groups: readonly HeaderGroup<Row>[];
  columns: readonly ResolvedColumn<Row>[];
  /** The key-figure columns' pins, by column id. */
  pins: ReadonlyMap<string, KeyFigurePin>;
}) {
  const numeric = new Set(columns.filter((c) => isNumericType(c.type)).map((c) => c.id));
  return (
    <Table.Thead>
      {groups.map((group) => (
        <Table.Tr key={group.id}>
          {group.headers.map((header) => (
            <HeaderCell
              key={header.id}
              header={header}
              numeric={numeric.has(header.column.id)}
              pin={pins.get(header.column.id)}
            />
          ))}
        </Table.Tr>
      ))}
    </Table.Thead>
  );
}

function HeaderCell<Row extends object>({
  header,
  numeric,
  pin,
}: {
  header: Header<Row, unknown>;
  numeric: boolean;
  pin: KeyFigurePin | undefined;
}) {
  // A column's label from the contracts' table: in the chosen language.
  const given = header.column.columnDef.header;
  const label = typeof given === 'string' ? labelIn(given) : flexRender(given, header.getContext());
  if (!header.column.getCanSort()) {
    return <Table.Th {...keyFigureCell(pin, numeric ? { textAlign: 'right' } : undefined)}>{label}</Table.Th>;
  }
  const sorted = header.column.getIsSorted();
  return (
    <Table.Th aria-sort={sorted ? ARIA_SORT[sorted] : 'none'} p={0} {...keyFigureCell(pin)}>
      <UnstyledButton
        onClick={header.column.getToggleSortingHandler()}
        w="100%"
        px="sm"
        py={7}
        fw={700}
        fz="sm"
        style={{ display: 'flex', gap: 4, justifyContent: numeric ? 'flex-end' : 'flex-start' }}
      >
        <span>{label}</span>
        <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}
