import type { ColumnDef } from '@playrep/contracts';
import { MemberLink } from '../../../components/report/MemberLink';
import { tableColumns } from '../../../components/report/table-columns';
import type { DataTableColumn } from '../../../components/ui';
import { Sparkline } from './Sparkline';

/** A row of a table of the subject's direct children with their figures over time. */
interface ChildRow {
  username: string;
  role: string;
  profits: number[];
}

/**
 * The columns of a children-over-time table (Trends, Week at a Glance): the account (a member opens
 * its member page), its name, then a sparkline of `profits` headed `sparkline.header`, then the rest.
 */
export function childColumnsWithSparkline<Row extends ChildRow>(
  columns: readonly ColumnDef[],
  sparkline: { header: string; per: string },
): DataTableColumn<Row>[] {
  const [account, name, ...rest] = tableColumns<Row>(columns, {
    // A master's children are its members: each opens its member page.
    username: {
      type: 'custom',
      sortValue: (row) => row.username,
      render: (row) => (row.role === 'player' ? <MemberLink username={row.username} /> : row.username),
    },
  });
  const trend: DataTableColumn<Row> = {
    key: 'profits',
    header: sparkline.header,
    type: 'custom',
    sortable: false,
    render: (row) => <Sparkline values={row.profits} label={`${row.username}, profit per ${sparkline.per}`} />,
  };
  return [account!, name!, trend, ...rest];
}
