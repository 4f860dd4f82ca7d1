import type { ColumnDef } from '@playrep/contracts';
import { MemberLink } from '../../../components/report/MemberLink';
import { tableColumns } from '../../../components/report/table-columns';
import type { DataTableColumn } from '../../../components/ui';
import { formatDate } from '../../../lib/format';
import { type MessageId, message } from '../../../lib/i18n/messages';
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
 * Its texts are in the current language: made again when it changes.
 */
export function childColumnsWithSparkline<Row extends ChildRow>(
  columns: readonly ColumnDef[],
  sparkline: { header: string; per: 'week' | 'day' },
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
    render: (row) => (
      <Sparkline
        values={row.profits}
        label={message(sparkline.per === 'week' ? 'insight.sparkline.perWeek' : 'insight.sparkline.perDay', {
          account: row.username,
        })}
      />
    ),
  };
  if (!account || !name) throw new Error('A children-over-time table starts with the account and its name');
  return [account, name, trend, ...rest];
}

const FIGURE_HEADERS: Readonly<Record<string, MessageId>> = {
  total: 'insight.trends.total',
  previous: 'insight.trends.previous',
  change: 'insight.trends.change',
};

/**
 * The headers the contracts make for a trend or a week (English, as in the downloads) in the current
 * language: 'Week of 02-Nov-2026' with the language's month, and Total, Period Before, Change.
 */
export function trendHeaders(columns: readonly ColumnDef[], weeks: readonly { fromDate: string }[]): ColumnDef[] {
  return columns.map((column) => {
    const position = /^week(\d+)$/.exec(column.key)?.[1];
    const week = position ? weeks[Number(position) - 1] : undefined;
    if (week) return { ...column, header: message('insight.trends.weekOf', { day: formatDate(week.fromDate) }) };
    const figure = FIGURE_HEADERS[column.key];
    return figure ? { ...column, header: message(figure) } : column;
  });
}
